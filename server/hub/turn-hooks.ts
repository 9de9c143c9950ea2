/**
 * What the hub calls around a turn so that a rewind can later undo it. The hub declares these and
 * server/rewind implements them (FileHistory, TurnCheckpoints): the hub knows nothing of how files
 * are kept, and rewind, which edits threads through the hub, is the only side that imports the other.
 */

/** Where in its thread a change happens. */
export interface ChangeScope {
  threadId: string;
  /** The thread's entry count at the time. */
  position: number;
  toolCallId?: string;
}

/** Keeps the files a built-in tool changes, as they were before the change. */
export interface FileChangeTracker {
  track<T>(scope: ChangeScope, paths: readonly string[], change: () => Promise<T>): Promise<T>;
}

/** Workspace checkpoints around the turns of agents that write files themselves. */
export interface TurnCheckpointHooks {
  /** Before a turn: resolves to what ends its checkpoint after the turn, or undefined when none is taken. */
  begin(threadId: string, agent: string, position: number): Promise<(() => Promise<void>) | undefined>;
  /** A thread purged for good: its checkpoints go with it. */
  threadDeleted(threadId: string): Promise<void>;
}
