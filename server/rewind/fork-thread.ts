/**
 * Forks a thread at any entry: a new thread, bound to the same agent, holding the entries up to
 * and including that one, the events that recorded them, and the file changes kept for them. The
 * events are copied up to the next user message (a turn's events interleave, so that is where
 * they can be cut); when they record more than the kept entries, a `threadRewound` event cuts
 * them down, so the fork's events always fold into its entries. The fork has no agent session
 * yet: its first turn starts one primed with the kept history, as after a hand-over.
 */
import type { ThreadMetadata } from '../../lib/protocol/thread-model';
import { ChatContentSchema } from '../../lib/protocol/eca-chat';
import type { EditableThread } from '../hub/thread-hub';
import type { ThreadStore } from '../store/thread-store';
import type { TurnCheckpoints } from './turn-checkpoints';
import { isUserMessage, RewindPointError, userMessageEventSeq } from './user-messages';

export const FORK_TITLE_SUFFIX = ' (fork)';

export async function forkThread(
  thread: EditableThread,
  store: ThreadStore,
  atEntry: number,
  checkpoints?: TurnCheckpoints,
): Promise<ThreadMetadata> {
  const entries = await thread.recorder.history();
  if (atEntry >= entries.length) {
    throw new RewindPointError(`Entry ${atEntry} does not exist (the thread has ${entries.length} entries).`);
  }
  const kept = entries.slice(0, atEntry + 1);
  const nextUser = entries.findIndex((entry, index) => index > atEntry && isUserMessage(entry));
  const eventsBefore =
    nextUser === -1 ? thread.recorder.lastRecordedSeq + 1 : await userMessageEventSeq(store.history, thread.threadId, entries, nextUser);
  const recordedEntries = nextUser === -1 ? entries.length : nextUser;
  const source = await store.getThread(thread.threadId);
  if (!source) throw new RewindPointError(`There is no thread ${thread.threadId}.`);
  const fork = await store.history.forkThread({
    source: thread.threadId,
    title: `${source.title}${FORK_TITLE_SUFFIX}`,
    agent: thread.agent,
    entries: kept,
    eventsBefore,
    ...(recordedEntries > kept.length
      ? {
          marker: {
            seq: eventsBefore,
            role: 'system' as const,
            content: ChatContentSchema.parse({ type: 'threadRewound', toEntry: kept.length }),
          },
        }
      : {}),
  });
  // The kept turns' workspace checkpoints become the fork's too, so that it can rewind them with their files.
  await checkpoints?.forked(thread.threadId, fork.id, atEntry);
  return fork;
}
