import { describe, expect, it } from 'vitest';
import type { SequencedContentReceivedParams } from '../lib/protocol/thread-events';
import { received } from './testing/chat-contents-support';
import { EMPTY_THREAD_CHAT, type ThreadChat } from './thread-chat';
import { applyCatchUp, hasGap, loadSnapshot, receiveSequenced } from './thread-sequence';
import { entriesOf } from './entry-list';

const word = (seq: number, text: string): SequencedContentReceivedParams & { seq: number } => ({
  seq,
  ...received('thread-1', 'assistant', { type: 'text', text }),
});

const answer = (chat: ThreadChat) =>
  entriesOf(chat.entries)
    .map((entry) => (entry.type === 'message' ? entry.chunks.map((chunk) => chunk.chunk).join('') : ''))
    .join('|');

const loaded = loadSnapshot(EMPTY_THREAD_CHAT, { entries: [], lastSeq: 0, turnRunning: true });

describe('joining live events to the record', () => {
  it('folds events in order and drops one seen before', () => {
    let chat = loaded;
    for (const event of [word(1, 'a'), word(2, 'b'), word(2, 'b'), word(1, 'a'), word(3, 'c')]) {
      chat = receiveSequenced(chat, event);
    }
    expect(answer(chat)).toBe('abc');
    expect(chat.lastSeq).toBe(3);
  });

  it('holds an event that comes after a gap until the gap is filled', () => {
    let chat = receiveSequenced(loaded, word(1, 'a'));
    chat = receiveSequenced(chat, word(3, 'c'));
    expect(answer(chat)).toBe('a');
    expect(hasGap(chat)).toBe(true);
    chat = applyCatchUp(chat, { events: [word(2, 'b'), word(3, 'c')], turnRunning: true });
    expect(answer(chat)).toBe('abc');
    expect(hasGap(chat)).toBe(false);
    expect(chat.pending.size).toBe(0);
  });

  it('keeps events that arrive before the record and folds only those after it', () => {
    let chat = receiveSequenced(EMPTY_THREAD_CHAT, word(5, 'e'));
    chat = receiveSequenced(chat, word(6, 'f'));
    expect(entriesOf(chat.entries)).toEqual([]);
    const recorded = entriesOf(receiveSequenced(loaded, word(1, 'abcd')).entries);
    chat = loadSnapshot(chat, { entries: [...recorded], lastSeq: 5, turnRunning: true });
    expect(answer(chat)).toBe('abcdf');
    expect(chat.lastSeq).toBe(6);
  });

  it('takes the relay’s word on a running turn as of the catch-up, then live events on top', () => {
    const finished = { seq: 2, ...received('thread-1', 'system', { type: 'progress', state: 'finished', text: '' }) };
    let chat = receiveSequenced(receiveSequenced(loaded, word(1, 'a')), { ...finished, seq: 3 });
    chat = applyCatchUp(chat, { events: [word(2, 'b')], turnRunning: true });
    expect(chat.turnRunning).toBe(false);
    expect(answer(chat)).toBe('ab');
  });

  it('folds contents without a seq at once', () => {
    const chat = receiveSequenced(loaded, received('thread-1', 'assistant', { type: 'text', text: 'x' }));
    expect(answer(chat)).toBe('x');
    expect(chat.lastSeq).toBe(0);
  });
});

describe('the usage a window in the middle of the thread shows', () => {
  const threadUsage = { sessionTokens: 3400, lastMessageCost: '0.02', sessionCost: '0.03' };
  const usageEvent = (seq: number, sessionTokens: number) => ({ seq, ...received('thread-1', 'system', { type: 'usage', sessionTokens }) });
  const middlePage = {
    entries: [{ type: 'message' as const, role: 'user' as const, chunks: [{ type: 'text' as const, chunk: 'q' }] }],
    lastSeq: 9,
    turnRunning: false,
    firstIndex: 40,
  };

  it('is the thread’s own usage from the page, though the window holds none of its turn summaries', () => {
    const chat = loadSnapshot(EMPTY_THREAD_CHAT, { ...middlePage, usage: threadUsage }, false);
    expect(chat.entries.reachesEnd).toBe(false);
    expect(chat.usage).toEqual(threadUsage);
  });

  it('is the same as the newest page’s, whose turn summaries the thread’s usage wins over', () => {
    const olderSummary = { type: 'turnSummary' as const, outcome: 'done' as const, usage: { sessionTokens: 10 } };
    const chat = loadSnapshot(EMPTY_THREAD_CHAT, { entries: [olderSummary], lastSeq: 9, turnRunning: false, usage: threadUsage });
    expect(chat.usage).toEqual(threadUsage);
  });

  it('follows the usage reported live while a turn runs past the window', () => {
    let chat = loadSnapshot(EMPTY_THREAD_CHAT, { ...middlePage, usage: threadUsage, turnRunning: true }, false);
    chat = receiveSequenced(chat, usageEvent(10, 5000));
    expect(chat.usage).toMatchObject({ sessionTokens: 5000 });
    expect(chat.entries.reachesEnd).toBe(false);
  });

  it('takes a usage report that arrived while the page was on its way, and drops one the page already counts', () => {
    let chat: ThreadChat = { ...loaded, awaitingPage: true };
    chat = receiveSequenced(chat, usageEvent(8, 1000));
    chat = receiveSequenced(chat, usageEvent(11, 6000));
    chat = loadSnapshot(chat, { ...middlePage, usage: threadUsage }, false);
    expect(chat.usage).toMatchObject({ sessionTokens: 6000 });
    expect(chat.pending.size).toBe(0);
  });
});
