/**
 * A rewind's restores are writes like any agent's (DESIGN.md, decision 5): each file put back or
 * removed is judged by the user's config (a RestoreGuard, from the approval rules) and by the
 * workspace's checked write path (server/workspace/checked-write.ts: never into `.git` or Baton's
 * data folder, never through a link that leads there or out, only over a regular file), once when
 * the rewind is planned and again as the change is made. A file refused either way stays as it is
 * and becomes a conflict no choice overrides, with the reason the rewind dialog and toast show;
 * the rest of the rewind goes on.
 */
import type { RewindConflict, RewindFile } from '../../lib/protocol/thread-rewind';
import type { ChangeAccess } from '../workspace/checked-write';
import type { Workspace } from '../workspace/workspace';
import { WorkspaceError } from '../workspace/workspace-error';

/** The user's config on Baton's own restores. */
export interface RestoreGuard {
  /** Why the config refuses this change of a workspace-relative path (`refused by your config …`); undefined: allowed. */
  refusal(relativePath: string, access: ChangeAccess): string | undefined;
}

export type Refusal = Pick<RewindConflict, 'reason' | 'overridable'>;

export class RestoreWrites {
  constructor(
    private readonly workspace: Workspace,
    private readonly guard?: RestoreGuard,
  ) {}

  /** Why the file cannot be restored at all now; undefined when it can. Changes nothing. */
  async refusal(file: RewindFile): Promise<Refusal | undefined> {
    const access = accessOf(file);
    const configured = this.guard?.refusal(file.path, access);
    if (configured !== undefined) return { reason: `${configured}.`, overridable: false };
    return refusedAs(() => this.workspace.checkRestore(file.path, access));
  }

  /**
   * Writes `content` back (action `restore`) or removes the file (`remove`), judging the path again
   * as it does; a refusal met then (the workspace changed since the plan) is returned, not thrown.
   */
  apply(file: RewindFile, content: () => Promise<Uint8Array>): Promise<Refusal | undefined> {
    return refusedAs(async () => {
      if (file.action === 'restore') await this.workspace.restoreFile(file.path, await content());
      else await this.workspace.removeRestoredFile(file.path);
    });
  }
}

function accessOf(file: RewindFile): ChangeAccess {
  return file.action === 'restore' ? 'write' : 'delete';
}

async function refusedAs(change: () => Promise<void>): Promise<Refusal | undefined> {
  try {
    await change();
    return undefined;
  } catch (error) {
    if (error instanceof WorkspaceError) return { reason: error.message, overridable: false };
    throw error;
  }
}
