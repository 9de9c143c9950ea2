/**
 * Reviewing the open thread: its header facts (`thread/details`), what it changed
 * (`thread/changes`) and the Changes panel with its reverts (`thread/revertFile`), moving between
 * its tool calls and changes, and export and import.
 */
import type { ExportFormat, ThreadChanges, ThreadDetails, ThreadExportResult } from '../lib/protocol/thread-export';
import type { ThreadRevertFileResult } from '../lib/protocol/thread-file-revert';
import type { AuditAction } from '../lib/protocol/roles';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';

/** The relay's cap on one message from a tab (server/relay/message-limits.ts), less room for the envelope. */
export const MAX_IMPORT_UPLOAD_BYTES = 4 * 1024 * 1024 - 64 * 1024;

/** The newest actions a thread's details list; older ones stay in `audit/list`. */
export const THREAD_HISTORY_LIMIT = 50;

export type ReviewStop = 'toolCall' | 'change';

export interface ReviewSlice {
  threadDetails: ThreadDetails | null;
  threadChanges: ThreadChanges | null;
  /** The thread `threadChanges` belongs to: a panel never shows another thread's files. */
  threadChangesOf: string | null;
  /** The thread whose Changes panel takes the chat's place: opening another thread shows its chat. */
  changesShownFor: string | null;
  /** Shows (or hides) the open thread's Changes panel. */
  showChanges(shown: boolean): void;
  /**
   * Puts one file of the open thread back as it was before the thread, then reads its changes
   * again; null (and the reason shown) when the relay refused.
   */
  revertFile(path: string, overwriteConflict?: boolean): Promise<ThreadRevertFileResult | null>;
  /** The entry the reader was last taken to (navigation, a link); the list scrolls to it. */
  entryTarget: { index: number; nonce: number } | null;
  loadThreadDetails(threadId: string): Promise<void>;
  /** Who did what to the open thread (`audit/list`), newest first, as last read for `threadId`. */
  threadHistory: { threadId: string; actions: AuditAction[] } | null;
  loadThreadHistory(threadId: string): Promise<void>;
  loadThreadChanges(threadId: string): Promise<void>;
  /** Takes the reader to an entry (in the chat, which the Changes panel leaves), loading the page around it first when it is not loaded. */
  goToEntry(index: number): Promise<void>;
  /** The next (or previous) tool call or file change from the last entry the reader was taken to. */
  goToNext(stop: ReviewStop, direction: 1 | -1): Promise<void>;
  exportThread(format: ExportFormat): Promise<ThreadExportResult | null>;
  /** Creates a thread from a JSON export and opens it; null (and the reason shown) when refused. */
  importThread(content: string, sizeBytes: number): Promise<string | null>;
}

/** Whether the open thread's Changes panel is shown (in the chat's place). */
export const selectChangesShown = (state: Pick<ReviewSlice, 'changesShownFor'> & { selectedThreadId: string | null }) =>
  state.changesShownFor !== null && state.changesShownFor === state.selectedThreadId;

let nonce = 0;

export const createReviewSlice: BatonSliceCreator<ReviewSlice> = (rpc) => (set, get) => ({
  threadDetails: null,
  threadChanges: null,
  threadChangesOf: null,
  changesShownFor: null,
  entryTarget: null,
  threadHistory: null,

  showChanges(shown) {
    set({ changesShownFor: shown ? get().selectedThreadId : null });
  },

  async revertFile(path, overwriteConflict) {
    const threadId = get().selectedThreadId;
    if (threadId === null) return null;
    try {
      const result = await rpc.request('thread/revertFile', { threadId, path, ...(overwriteConflict ? { overwriteConflict } : {}) });
      await get().loadThreadChanges(threadId);
      return result;
    } catch (error) {
      set({ lastError: `Could not revert ${path}: ${errorMessage(error)}` });
      return null;
    }
  },

  async loadThreadDetails(threadId) {
    try {
      const details = await rpc.request('thread/details', { threadId });
      if (get().selectedThreadId === threadId) set({ threadDetails: details });
    } catch (error) {
      set({ lastError: `Could not read the thread's details: ${errorMessage(error)}` });
    }
  },

  async loadThreadHistory(threadId) {
    try {
      const { actions } = await rpc.request('audit/list', { threadId, limit: THREAD_HISTORY_LIMIT });
      if (get().selectedThreadId === threadId) set({ threadHistory: { threadId, actions } });
    } catch (error) {
      set({ lastError: `Could not read the thread's history: ${errorMessage(error)}` });
    }
  },

  async loadThreadChanges(threadId) {
    try {
      const changes = await rpc.request('thread/changes', { threadId });
      if (get().selectedThreadId === threadId) set({ threadChanges: changes, threadChangesOf: threadId });
    } catch (error) {
      set({ lastError: `Could not read what the thread changed: ${errorMessage(error)}` });
    }
  },

  async goToEntry(index) {
    const threadId = get().selectedThreadId;
    if (threadId === null) return;
    if (!(await get().loadEntriesAround(threadId, index))) return;
    // The entry is in the chat: the Changes panel, in its place, gives way.
    set({ entryTarget: { index, nonce: (nonce += 1) }, changesShownFor: null });
  },

  async goToNext(stop, direction) {
    const threadId = get().selectedThreadId;
    if (threadId === null) return;
    await get().loadThreadChanges(threadId);
    const changes = get().threadChanges;
    if (!changes) return;
    const stops = stop === 'toolCall' ? changes.toolCalls : changes.changes;
    const from = get().entryTarget?.index;
    const next =
      direction === 1
        ? stops.find((index) => from === undefined || index > from)
        : [...stops].reverse().find((index) => from === undefined || index < from);
    if (next !== undefined) await get().goToEntry(next);
  },

  async exportThread(format) {
    const threadId = get().selectedThreadId;
    if (threadId === null) return null;
    try {
      return await rpc.request('thread/export', { threadId, format });
    } catch (error) {
      set({ lastError: `Could not export the thread: ${errorMessage(error)}` });
      return null;
    }
  },

  async importThread(content, sizeBytes) {
    if (sizeBytes > MAX_IMPORT_UPLOAD_BYTES) {
      set({
        lastError: `The file is too large to import here (${sizeBytes} bytes); import it with \`npx baton import FILE\` while the relay is stopped.`,
      });
      return null;
    }
    try {
      const { threadId } = await rpc.request('thread/import', { content });
      await get().loadThreads();
      await get().selectThread(threadId);
      return threadId;
    } catch (error) {
      set({ lastError: `Could not import the thread: ${errorMessage(error)}` });
      return null;
    }
  },
});
