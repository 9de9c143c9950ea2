/**
 * One thread's live chat and the pure fold of `chat/contentReceived` into it. The entry fold itself
 * is the shared `applyChatContent`, run on the last entries only (entry-list.ts); this adds what the
 * browser tracks beside the entries: whether a turn is running, the error the turn ended with, and
 * its usage.
 */
import type { ChatContent, ChatContentReceivedParams } from '../lib/protocol/eca-chat';
import type { SequencedContentReceivedParams } from '../lib/protocol/thread-events';
import { applyChatContent, interruptOpenToolCalls } from '../lib/thread/apply-chat-content';
import { EMPTY_ENTRY_LIST, type EntryList, foldEntries, mapEntries } from './entry-list';
import { rewindEntryList } from './rewound-entries';

export type TurnUsage = Omit<Extract<ChatContent, { type: 'usage' }>, 'type'>;

export interface ThreadChat {
  /** The loaded part of the thread: its newest entries, and older ones as the reader scrolls up. */
  entries: EntryList;
  /** Whether a page of older entries is on its way. */
  loadingOlder: boolean;
  /**
   * A page that replaces the entries or may join a window to the thread's end is on its way: live
   * events wait in `pending` until it lands, then those after its `lastSeq` fold on top.
   */
  awaitingPage: boolean;
  /** Changes whenever the entries are replaced by another part of the thread (a jump): the list starts over. */
  windowKey: number;
  /**
   * A window (entries not reaching the end) that live events passed by, or that was loaded while a
   * turn ran: an entry it holds may have changed since. Joining the end reads them again.
   */
  windowStale: boolean;
  turnRunning: boolean;
  /** The system-role text of the last failed turn, until the next prompt. */
  turnError: string | null;
  /**
   * The last `usage` the agent reported in the thread: the session's tokens and costs so far. The
   * store's record on load (whichever part of the thread is loaded), then each live report.
   */
  usage: TurnUsage | null;
  /** The seq of the last event folded into `entries`; what this tab says it saw when it comes back. */
  lastSeq: number;
  /** Whether `entries` hold the relay's record yet; until then live events wait in `pending`. */
  loaded: boolean;
  /** Events that arrived ahead of a gap (or of the record), by seq, folded once the gap is filled. */
  pending: ReadonlyMap<number, SequencedContentReceivedParams>;
}

export const EMPTY_THREAD_CHAT: ThreadChat = {
  entries: EMPTY_ENTRY_LIST,
  loadingOlder: false,
  awaitingPage: false,
  windowKey: 0,
  windowStale: false,
  turnRunning: false,
  turnError: null,
  usage: null,
  lastSeq: 0,
  loaded: false,
  pending: new Map(),
};

/** Shown on tool calls left open when the turn ended; the relay records its own reason. */
export const TURN_ENDED_REASON = 'The turn ended before this tool call finished.';

/**
 * How the relay's system text opens when a turn failed or was interrupted. The system texts that
 * follow it in the same turn (what to do about it) join the error; other system texts do not.
 */
const TURN_FAILURE_PREFIX = '**The turn ';

export function foldChatContent(chat: ThreadChat, params: ChatContentReceivedParams): ThreadChat {
  const { role, content } = params;
  if (content.type === 'progress' && content.state === 'finished') {
    // Once a turn: whatever it left open, however far up, is over. A window takes no live change.
    if (!chat.entries.reachesEnd) return { ...chat, turnRunning: false };
    const entries = mapEntries(chat.entries, (all) => interruptOpenToolCalls(applyChatContent(all, role, content), TURN_ENDED_REASON));
    return { ...chat, entries, turnRunning: false };
  }
  if (content.type === 'threadRewound') {
    // No turn runs in a thread being rewound; what it said after the point is gone, error included.
    return { ...chat, entries: rewindEntryList(chat.entries, content.toEntry), turnRunning: false, turnError: null };
  }
  const entries = foldEntries(chat.entries, role, content);
  switch (content.type) {
    case 'progress':
      return { ...chat, entries, turnRunning: true, turnError: null };
    case 'text':
      // The relay reports a failed turn as system text (it also joins the answer, as Markdown).
      if (role === 'system') return { ...chat, entries, turnError: turnErrorAfter(chat.turnError, content.text) };
      // A prompt or an answer streaming in means a turn is under way, even if this tab missed
      // the `progress` that started it (it opened the thread mid-turn or reconnected).
      return { ...chat, entries, turnRunning: true, turnError: role === 'user' ? null : chat.turnError };
    case 'reasonStarted':
    case 'reasonText':
      return { ...chat, entries, turnRunning: true };
    case 'usage': {
      const { type: _type, ...usage } = content;
      return { ...chat, entries, usage };
    }
    case 'toolCallPrepare':
    case 'toolCallRun':
    case 'toolCallRunning':
    case 'elicitation':
      return { ...chat, entries, turnRunning: true };
    case 'toolCalled':
    case 'toolCallRejected':
    case 'reasonFinished':
    case 'url':
    case 'metadata':
    case 'handOver':
    case 'toolCallApproval':
    case 'fileRead':
    case 'elicitationAnswered':
      return entries === chat.entries ? chat : { ...chat, entries };
    default: {
      const unreachable: never = content;
      return unreachable;
    }
  }
}

function turnErrorAfter(turnError: string | null, systemText: string): string | null {
  const text = systemText.trim();
  if (text.startsWith(TURN_FAILURE_PREFIX)) return text;
  if (turnError !== null && text !== '') return `${turnError}\n\n${text}`;
  return turnError;
}
