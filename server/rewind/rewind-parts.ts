/**
 * What a rewind restores files from, and the user's say on it. The relay makes them once and hands
 * the turn hooks among them to the hub (server/hub/turn-hooks.ts); rewinds, forks and the revert of
 * a thread's files get them from here, not back from the hub.
 */
import type { FileHistory } from './file-history';
import type { RestoreGuard } from './restore-writes';
import type { TurnCheckpoints } from './turn-checkpoints';

export interface RewindParts {
  /** Keeps the files agents change; none kept when omitted. */
  fileHistory?: FileHistory;
  /** Workspace checkpoints for agents that write files themselves; none when omitted. */
  checkpoints?: TurnCheckpoints;
  /** The user's config on a rewind's restores (restore-writes.ts); none when omitted. */
  restoreGuard?: RestoreGuard;
}
