import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../lib/protocol/thread-model';
import type { ChatContentInput, ChatRole } from '../lib/protocol/eca-chat';
import { applyChatContent } from '../lib/thread/apply-chat-content';
import { received } from './testing/chat-contents-support';
import { entriesOf, entryAt, entryCount, entryEnd, entryListOf, foldEntries, withNewerEntries, withOlderEntries } from './entry-list';

const message = (index: number): ThreadEntry => ({ type: 'message', role: 'user', chunks: [{ type: 'text', chunk: `entry ${index}` }] });
const tool = { origin: 'native', name: 'shell', server: 'baton' } as const;

function fold(list: ReturnType<typeof entryListOf>, role: ChatRole, content: ChatContentInput) {
  const params = received('t', role, content);
  return foldEntries(list, params.role, params.content);
}

describe('EntryList', () => {
  it('holds the loaded part of a thread, by position in the thread', () => {
    const entries = Array.from({ length: 100 }, (_, index) => message(400 + index));
    const list = entryListOf(entries, 400);
    expect(entryCount(list)).toBe(100);
    expect(entriesOf(list)).toEqual(entries);
    expect(entryAt(list, 400)).toBe(entries[0]);
    expect(entryAt(list, 499)).toBe(entries[99]);
    expect(entryAt(list, 399)).toBeUndefined();
    expect(entryAt(list, 500)).toBeUndefined();
  });

  it('folds a streamed piece by replacing the last entry only: the older entries are not copied', () => {
    const list = fold(entryListOf(Array.from({ length: 5000 }, (_, index) => message(index))), 'assistant', { type: 'text', text: 'Hel' });
    const next = fold(list, 'assistant', { type: 'text', text: 'lo' });
    expect(next.settled).toBe(list.settled);
    expect(next.recent.length).toBe(list.recent.length);
    expect(next.recent.slice(0, -1).every((entry, index) => entry === list.recent[index])).toBe(true);
    const last = entryAt(next, 5000);
    expect(last && last.type === 'message' ? last.chunks.map((chunk) => chunk.chunk).join('') : null).toBe('Hello');
  });

  it('finds a tool call many entries back and changes it in place, not as a new entry', () => {
    let list = fold(entryListOf([]), 'assistant', { type: 'toolCallRun', id: 'old', ...tool, arguments: {}, manualApproval: false });
    for (let index = 0; index < 200; index++) list = fold(list, 'user', { type: 'text', text: `later ${index}` });
    list = fold(list, 'assistant', {
      type: 'toolCalled',
      id: 'old',
      ...tool,
      arguments: {},
      error: false,
      outputs: [{ type: 'text', text: 'ok' }],
    });
    expect(entryCount(list)).toBe(201);
    expect(entryAt(list, 0)).toMatchObject({ type: 'toolCall', id: 'old', status: 'succeeded', outputText: 'ok' });
  });

  it('puts an older page in front, and contents still find the tool calls in it', () => {
    const newest = entryListOf([message(3), message(4)], 3);
    const older: ThreadEntry[] = [message(0), { type: 'toolCall', id: 'c', ...tool, status: 'running' }, message(2)];
    let list = withOlderEntries(newest, older, 0);
    expect(list.firstIndex).toBe(0);
    expect(entriesOf(list)).toEqual([...older, message(3), message(4)]);
    for (let index = 0; index < 100; index++) list = fold(list, 'user', { type: 'text', text: `more ${index}` });
    list = fold(list, 'assistant', { type: 'toolCallRejected', id: 'c', ...tool, arguments: {}, reason: 'user-choice' });
    expect(entryAt(list, 1)).toMatchObject({ id: 'c', status: 'rejected' });
    expect(entryCount(list)).toBe(105);
  });

  it('folds any run of contents exactly as the shared fold does on the whole array', () => {
    const id = fc.constantFrom('a', 'b', 'c');
    const content = fc.oneof(
      fc.record({
        role: fc.constantFrom<ChatRole>('user', 'assistant'),
        content: fc.record({ type: fc.constant('text' as const), text: fc.string({ maxLength: 3 }) }),
      }),
      fc.record({
        role: fc.constant<ChatRole>('assistant'),
        content: id.map((callId) => ({ type: 'toolCallRun' as const, id: callId, ...tool, arguments: {}, manualApproval: true })),
      }),
      fc.record({
        role: fc.constant<ChatRole>('assistant'),
        content: id.map((callId) => ({ type: 'toolCalled' as const, id: callId, ...tool, arguments: {}, error: false, outputs: [] })),
      }),
      fc.record({
        role: fc.constant<ChatRole>('assistant'),
        content: id.map((reasonId) => ({ type: 'reasonText' as const, id: reasonId, text: 'hm' })),
      }),
      fc.record({
        role: fc.constant<ChatRole>('assistant'),
        content: id.map((reasonId) => ({ type: 'reasonFinished' as const, id: reasonId })),
      }),
    );
    fc.assert(
      fc.property(fc.nat(80), fc.array(content, { maxLength: 150 }), (loaded, contents) => {
        let list = entryListOf(Array.from({ length: loaded }, (_, index) => message(index)));
        let whole: ThreadEntry[] = entriesOf(list);
        for (const { role, content: input } of contents) {
          const params = received('t', role, input);
          list = foldEntries(list, params.role, params.content);
          whole = applyChatContent(whole, params.role, params.content);
        }
        expect(entriesOf(list)).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  });

  it('holds a window in the middle of a thread: pieces pass it by, newer pages extend it up to the end', () => {
    const window = entryListOf(
      Array.from({ length: 100 }, (_, index) => message(400 + index)),
      400,
      false,
    );
    expect(fold(window, 'assistant', { type: 'text', text: 'streamed at the end' })).toBe(window);
    expect(fold(window, 'assistant', { type: 'toolCallRun', id: 'later', ...tool, arguments: {}, manualApproval: false })).toBe(window);

    const newer = Array.from({ length: 100 }, (_, index) => message(500 + index));
    const extended = withNewerEntries(window, newer, false);
    expect(entriesOf(extended)).toEqual([...entriesOf(window), ...newer]);
    expect(extended.recent.length).toBeLessThanOrEqual(64);
    expect(entryEnd(extended)).toBe(600);
    const joined = withNewerEntries(extended, [message(600)], true);
    expect(entryAt(joined, 600)).toEqual(message(600));
    // Joined to the end: the next piece is folded there.
    const streamed = fold(joined, 'assistant', { type: 'text', text: 'now it counts' });
    expect(entryCount(streamed)).toBe(202);
    // Older pages keep it a window.
    expect(withOlderEntries(window, [message(399)], 399).reachesEnd).toBe(false);
  });
});
