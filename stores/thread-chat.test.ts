import { describe, expect, it } from 'vitest';
import type { ThreadChat } from './thread-chat';
import { EMPTY_THREAD_CHAT, TURN_ENDED_REASON, foldChatContent } from './thread-chat';
import { approvedAndRejectedTurn, received } from './testing/chat-contents-support';
import { entriesOf } from './entry-list';

const fold = (chat: ThreadChat, contents: ReturnType<typeof approvedAndRejectedTurn>) => contents.reduce(foldChatContent, chat);

describe('foldChatContent', () => {
  const turn = approvedAndRejectedTurn('thread-1');

  it('shows the prompt, then the answer streamed into one assistant message', () => {
    const chat = fold(EMPTY_THREAD_CHAT, turn.slice(0, 4));
    expect(entriesOf(chat.entries)).toEqual([
      { type: 'message', role: 'user', chunks: [{ type: 'text', chunk: 'Tidy the notes' }] },
      {
        type: 'message',
        role: 'assistant',
        chunks: [{ type: 'text', chunk: 'Sure, editing **notes.md**.' }],
      },
    ]);
    expect(chat.turnRunning).toBe(true);
  });

  it('walks a tool call through preparing, waiting for approval, running and succeeded', () => {
    const statuses = [6, 7, 8, 9].map((count) => {
      const entry = entriesOf(fold(EMPTY_THREAD_CHAT, turn.slice(0, count)).entries)[2];
      return entry?.type === 'toolCall' ? entry.status : undefined;
    });
    expect(statuses).toEqual(['preparing', 'waiting-approval', 'running', 'succeeded']);

    const called = entriesOf(fold(EMPTY_THREAD_CHAT, turn.slice(0, 9)).entries)[2];
    expect(called).toMatchObject({
      type: 'toolCall',
      id: 'call-1',
      name: 'edit_file',
      argumentsText: '{"path":"notes.md"}',
      outputText: 'Edited notes.md',
      details: { type: 'fileChange', path: 'notes.md' },
    });
  });

  it('records a rejected tool call with its reason', () => {
    const chat = fold(EMPTY_THREAD_CHAT, turn.slice(0, 11));
    expect(entriesOf(chat.entries)[3]).toMatchObject({ type: 'toolCall', id: 'call-2', status: 'rejected', reason: 'user-choice' });
  });

  it('ends the turn on progress finished', () => {
    const chat = fold(EMPTY_THREAD_CHAT, turn);
    expect(chat.turnRunning).toBe(false);
    expect(entriesOf(chat.entries)).toHaveLength(4);
  });

  it('marks a tool call still waiting for approval as interrupted when the turn ends', () => {
    const waiting = fold(EMPTY_THREAD_CHAT, turn.slice(0, 7));
    const stopped = foldChatContent(waiting, received('thread-1', 'system', { type: 'progress', state: 'finished', text: '' }));
    expect(entriesOf(stopped.entries)[2]).toMatchObject({ status: 'interrupted', reason: TURN_ENDED_REASON });
    expect(stopped.turnRunning).toBe(false);
  });

  it('keeps a system-role error as the turn error until the next prompt', () => {
    const failed = fold(EMPTY_THREAD_CHAT, [
      received('thread-1', 'user', { type: 'text', text: 'Hi' }),
      received('thread-1', 'system', { type: 'progress', state: 'running', text: '' }),
      received('thread-1', 'system', { type: 'text', text: '\n\n**The turn failed:** the model is unreachable' }),
      received('thread-1', 'system', { type: 'progress', state: 'finished', text: '' }),
    ]);
    expect(failed).toMatchObject({ turnRunning: false, turnError: '**The turn failed:** the model is unreachable' });

    const next = foldChatContent(failed, received('thread-1', 'user', { type: 'text', text: 'Again' }));
    expect(next.turnError).toBeNull();
  });

  it('joins the hint that follows a failure to the turn error, and ignores other system text', () => {
    const failed = fold(EMPTY_THREAD_CHAT, [
      received('thread-1', 'user', { type: 'text', text: 'Hi' }),
      received('thread-1', 'system', { type: 'text', text: 'Total cost: $0.01' }),
      received('thread-1', 'system', { type: 'text', text: '\n\n**The turn failed:** 401 Unauthorized' }),
      received('thread-1', 'system', { type: 'text', text: 'Check the API key, then restart Baton.' }),
      received('thread-1', 'system', { type: 'progress', state: 'finished', text: '' }),
    ]);
    expect(failed.turnError).toBe('**The turn failed:** 401 Unauthorized\n\nCheck the API key, then restart Baton.');
  });

  it('keeps the last usage the agent reported', () => {
    const chat = fold(EMPTY_THREAD_CHAT, [
      received('thread-1', 'system', { type: 'usage', sessionTokens: 10, lastMessageCost: '0.01', sessionCost: '0.01' }),
      received('thread-1', 'system', { type: 'usage', sessionTokens: 25, messageCost: '0.02', sessionCost: '0.03' }),
    ]);
    expect(chat.usage).toEqual({ sessionTokens: 25, lastMessageCost: '0.02', sessionCost: '0.03' });
  });

  it('leaves the chat object untouched for contents that change nothing', () => {
    const chat = fold(EMPTY_THREAD_CHAT, turn);
    const title = received('thread-1', 'system', { type: 'metadata', title: 'Tidy the notes' });
    const unknownThought = received('thread-1', 'assistant', { type: 'reasonFinished', id: 'never-started', totalTimeMs: 5 });
    expect(foldChatContent(chat, title)).toBe(chat);
    expect(foldChatContent(chat, unknownThought)).toBe(chat);
  });
});

describe('reasoning and links in a turn', () => {
  const thinking = [
    received('thread-1', 'user', { type: 'text', text: 'Why?' }),
    received('thread-1', 'assistant', { type: 'reasonStarted', id: 'r1' }),
    received('thread-1', 'assistant', { type: 'reasonText', id: 'r1', text: 'Let me ' }),
    received('thread-1', 'assistant', { type: 'reasonText', id: 'r1', text: 'think.' }),
  ];

  it('streams a thought as an entry while the turn runs, then finishes it with its time', () => {
    const streaming = fold(EMPTY_THREAD_CHAT, thinking);
    expect(entriesOf(streaming.entries)[1]).toEqual({ type: 'reasoning', id: 'r1', text: 'Let me think.', status: 'thinking' });
    expect(streaming.turnRunning).toBe(true);

    const done = fold(streaming, [received('thread-1', 'assistant', { type: 'reasonFinished', id: 'r1', totalTimeMs: 2300 })]);
    expect(entriesOf(done.entries)[1]).toMatchObject({ status: 'finished', totalTimeMs: 2300, text: 'Let me think.' });
  });

  it('ends a thought still open with the turn, one whose start this tab missed included', () => {
    const joinedLate = fold(EMPTY_THREAD_CHAT, [
      received('thread-1', 'assistant', { type: 'reasonText', id: 'r2', text: 'already thinking' }),
      received('thread-1', 'system', { type: 'progress', state: 'finished', text: '' }),
    ]);
    expect(entriesOf(joinedLate.entries)).toEqual([{ type: 'reasoning', id: 'r2', text: 'already thinking', status: 'finished' }]);
    expect(joinedLate.turnRunning).toBe(false);
  });

  it('places thoughts and links between the entries they arrived between', () => {
    const chat = fold(EMPTY_THREAD_CHAT, [
      ...thinking,
      received('thread-1', 'assistant', { type: 'reasonFinished', id: 'r1', totalTimeMs: 10 }),
      received('thread-1', 'assistant', { type: 'text', text: 'Because.' }),
      received('thread-1', 'assistant', { type: 'url', title: 'The docs', url: 'https://example.com/docs' }),
    ]);
    expect(entriesOf(chat.entries).map((entry) => entry.type)).toEqual(['message', 'reasoning', 'message', 'link']);
    expect(entriesOf(chat.entries)[3]).toEqual({ type: 'link', title: 'The docs', url: 'https://example.com/docs' });
  });
});
