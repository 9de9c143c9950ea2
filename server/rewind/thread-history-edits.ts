/** Rewind, its preview, and fork, as the relay's handlers and `baton eca-server` call them. */
import type { ThreadMetadata } from '../../lib/protocol/thread-model';
import type { ThreadRewindPreviewResult, ThreadRewindResult } from '../../lib/protocol/thread-rewind';
import type { ThreadHub } from '../hub/thread-hub';
import type { ThreadStore } from '../store/thread-store';
import { forkThread } from './fork-thread';
import type { RewindParts } from './rewind-parts';
import { previewRewind, type RewindDependencies, type RewindOptions, rewindThread } from './rewind-thread';

export interface HistoryEditors {
  hub: ThreadHub;
  store: ThreadStore;
  rewind: RewindParts;
}

export function rewindThreadTo(
  editors: HistoryEditors,
  threadId: string,
  toEntry: number,
  options: RewindOptions = {},
): Promise<ThreadRewindResult> {
  return editors.hub.editThread(threadId, (thread) => rewindThread(thread, rewindDependencies(editors), toEntry, options));
}

export function previewThreadRewind(editors: HistoryEditors, threadId: string, toEntry: number): Promise<ThreadRewindPreviewResult> {
  return editors.hub.editThread(threadId, (thread) => previewRewind(thread, rewindDependencies(editors), toEntry));
}

function rewindDependencies({ store, rewind }: HistoryEditors): RewindDependencies {
  return { history: store.history, fileHistory: rewind.fileHistory, checkpoints: rewind.checkpoints, guard: rewind.restoreGuard };
}

export function forkThreadAt({ hub, store, rewind }: HistoryEditors, threadId: string, atEntry: number): Promise<ThreadMetadata> {
  return hub.editThread(threadId, (thread) => forkThread(thread, store, atEntry, rewind.checkpoints));
}
