/**
 * What a relay of a team tells the others so that every tab's thread list and inbox follow every
 * relay: each change to the list made through its store (a thread created, renamed, handed over,
 * archived, deleted), each content that changes a thread's status or inbox (a turn started or
 * ended, a question asked or answered), never the streamed text, and each ended turn a tab of it
 * saw (gone from every inbox then, as on one relay). A relay hands what it gets to its own tabs
 * only (socket-server.ts's `broadcastNotification`), and is not sent what it sent itself: every
 * tab is told once. JSON text keeps absent fields absent through the adapter's encoding.
 */
import type { Server } from 'socket.io';
import type { SequencedContentReceivedParams } from '../../../lib/protocol/thread-events';
import type { ThreadDeletedParams, ThreadUpdatedParams } from '../../../lib/protocol/thread-list-methods';
import type { ThreadListNotifier } from '../../hub/thread-list-events';

const LIST_CHANGE = 'baton:thread-list';
const CONTENT = 'baton:thread-content';
const SEEN = 'baton:inbox-seen';
/** The contents a turn streams by the hundred, which neither a status nor the inbox reads. */
const STREAMED = new Set(['text', 'reasoning']);

/** Tells tabs of one change to the thread list, whichever it is. */
export type ThreadListNotice = (method: 'thread/updated' | 'thread/deleted', params: ThreadUpdatedParams | ThreadDeletedParams) => void;

export interface TeamNotices {
  listChanged: ThreadListNotifier;
  observed(params: SequencedContentReceivedParams): void;
  /** A tab of this relay saw the thread's ended turn (Inbox's seenHere). */
  seen(threadId: string): void;
}

export function shareTeamNotices(
  io: Server,
  here: { notify: ThreadListNotice; observe(params: SequencedContentReceivedParams): void; seenElsewhere(threadId: string): void },
): TeamNotices {
  const events = io as unknown as { on(event: string, listener: (json: string) => void): void };
  events.on(LIST_CHANGE, (json) => {
    const [method, params] = JSON.parse(json) as Parameters<ThreadListNotice>;
    here.notify(method, params);
  });
  events.on(CONTENT, (json) => here.observe(JSON.parse(json) as SequencedContentReceivedParams));
  // After the turn's end it follows: the adapter delivers what one relay sends in order, and a
  // relay sends its seen mark only once the end reached it.
  events.on(SEEN, (threadId) => here.seenElsewhere(threadId));
  return {
    listChanged: ((method: string, params: unknown) =>
      io.serverSideEmit(LIST_CHANGE, JSON.stringify([method, params]))) as ThreadListNotifier,
    observed(params) {
      if (!STREAMED.has(params.content.type)) io.serverSideEmit(CONTENT, JSON.stringify(params));
    },
    seen: (threadId) => void io.serverSideEmit(SEEN, threadId),
  };
}
