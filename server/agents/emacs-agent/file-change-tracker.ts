/**
 * The `fileChange` details of what an Emacs-Agent tool call changes. The backend sends the
 * call's parameters and, once done, `file.changed` with a path but no diff; Emacs itself
 * "generates a preview of changes" for the approval dialog (spec, "Tool Approval Flow"). Baton
 * does the same from the workspace: it reads the file before the call (jailed, as every read),
 * previews write_file and edit_file from their parameters for the card, and diffs the file as it
 * is after `file.changed`, so the card shows what really changed.
 */
import type { FileChangeDetails } from '../../../lib/protocol/eca-chat';
import type { Workspace } from '../../workspace/workspace';
import { WorkspaceError } from '../../workspace/workspace-error';
import { fileChangeDetails } from '../../workspace/file-change';

export interface FileSnapshot {
  /** Workspace-relative, `/`-separated. */
  path: string;
  /** Undefined: the file did not exist. */
  before: string | undefined;
}

export class FileChangeTracker {
  constructor(
    private readonly workspace: Workspace,
    private readonly log: (message: string) => void,
  ) {}

  /** The file a call names in `params.path`, as it is now; undefined when it cannot be read. */
  async snapshot(params: Record<string, unknown>): Promise<FileSnapshot | undefined> {
    if (typeof params.path !== 'string' || params.path === '') return undefined;
    try {
      const path = await this.workspace.relativePath(params.path);
      return { path, before: await this.read(path) };
    } catch (error) {
      // Outside the workspace, a folder, binary: the card goes without a diff.
      this.log(`no diff for ${params.path}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /** What write_file and edit_file would do, from their parameters (spec, "Tool Execution Safety"). */
  preview(tool: string, params: Record<string, unknown>, snapshot: FileSnapshot): FileChangeDetails | undefined {
    if (tool === 'write_file' && typeof params.content === 'string') {
      return fileChangeDetails(snapshot.path, snapshot.before, params.content);
    }
    if (tool === 'edit_file' && typeof params.old === 'string' && typeof params.new === 'string' && snapshot.before?.includes(params.old)) {
      return fileChangeDetails(snapshot.path, snapshot.before, snapshot.before.replace(params.old, params.new));
    }
    return undefined;
  }

  /** The change from the snapshot to the file as it is now (gone: empty). */
  async changed(snapshot: FileSnapshot): Promise<FileChangeDetails | undefined> {
    try {
      return fileChangeDetails(snapshot.path, snapshot.before, (await this.read(snapshot.path)) ?? '');
    } catch (error) {
      this.log(`no diff for ${snapshot.path} after the change: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /** Whether `changedPath` (as `file.changed` gives it) is the snapshot's file. */
  async isSameFile(changedPath: string, snapshot: FileSnapshot): Promise<boolean> {
    try {
      return (await this.workspace.relativePath(changedPath)) === snapshot.path;
    } catch (error) {
      this.log(`file.changed names ${changedPath}, outside the workspace: ${String(error)}`);
      return false;
    }
  }

  private async read(path: string): Promise<string | undefined> {
    try {
      return (await this.workspace.readTextFile(path)).content;
    } catch (error) {
      if (error instanceof WorkspaceError && error.code === 'not-found') return undefined;
      throw error;
    }
  }
}
