import { describe, expect, it } from 'vitest';
import type { ChatContentReceivedParams } from '../lib/protocol/eca-chat';
import { received } from './chat-contents.test-fixtures';
import { chatItems } from './chat-items';
import { EMPTY_THREAD_CHAT, foldChatContent, type ThreadChat } from './thread-chat';

const fold = (contents: ChatContentReceivedParams[], chat: ThreadChat = EMPTY_THREAD_CHAT) =>
  contents.reduce(foldChatContent, chat);

const thinking = [
  received('thread-1', 'user', { type: 'text', text: 'Why?' }),
  received('thread-1', 'assistant', { type: 'reasonStarted', id: 'r1' }),
  received('thread-1', 'assistant', { type: 'reasonText', id: 'r1', text: 'Let me ' }),
  received('thread-1', 'assistant', { type: 'reasonText', id: 'r1', text: 'think.' }),
];

describe('reasoning and links in a turn', () => {
  it('streams a thought by its id, then finishes it with its time', () => {
    const streaming = fold(thinking);
    expect(streaming.asides).toEqual([{ kind: 'reasoning', id: 'r1', text: 'Let me think.', finished: false, position: 1 }]);
    expect(streaming.turnRunning).toBe(true);

    const done = fold([received('thread-1', 'assistant', { type: 'reasonFinished', id: 'r1', totalTimeMs: 2300 })], streaming);
    expect(done.asides[0]).toMatchObject({ finished: true, totalTimeMs: 2300, text: 'Let me think.' });
  });

  it('shows a thought whose start this tab missed, and ends any thought still open with the turn', () => {
    const joinedLate = fold([
      received('thread-1', 'assistant', { type: 'reasonText', id: 'r2', text: 'already thinking' }),
      received('thread-1', 'system', { type: 'progress', state: 'finished', text: '' }),
    ]);
    expect(joinedLate.asides).toEqual([
      { kind: 'reasoning', id: 'r2', text: 'already thinking', finished: true, position: 0 },
    ]);
  });

  it('places thoughts and links between the entries they arrived between', () => {
    const chat = fold([
      ...thinking,
      received('thread-1', 'assistant', { type: 'reasonFinished', id: 'r1', totalTimeMs: 10 }),
      received('thread-1', 'assistant', { type: 'text', text: 'Because.' }),
      received('thread-1', 'assistant', { type: 'url', title: 'The docs', url: 'https://example.com/docs' }),
    ]);
    const items = chatItems(chat.entries, chat.asides);
    expect(items.map((item) => (item.kind === 'entry' ? item.entry.type : item.aside.kind))).toEqual([
      'message',
      'reasoning',
      'message',
      'link',
    ]);
    expect(items.map((item) => item.key)).toEqual(['message-0', 'reasoning-r1', 'message-1', 'link-1']);
  });
});
