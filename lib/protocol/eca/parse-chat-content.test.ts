import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { ChatContentSchema } from './chat-content';
import { parseChatContent } from './parse-chat-content';

describe('parseChatContent', () => {
  it("answers a streamed piece as the schema does, a copy that the caller's later changes leave alone", () => {
    for (const piece of [
      { type: 'text', text: 'Hello ' },
      { type: 'text', text: '' },
      { type: 'reasonText', id: 'thought-1', text: 'Considering…' },
    ]) {
      const parsed = parseChatContent(piece);
      expect(parsed).toEqual(ChatContentSchema.parse(piece));
      expect(parsed).not.toBe(piece);
      piece.text = 'changed';
      expect(parsed.type === 'text' || parsed.type === 'reasonText' ? parsed.text : undefined).not.toBe('changed');
    }
  });

  it('keeps what a piece carries beyond its text, as the schema does', () => {
    const piece = { type: 'text', text: 'Hi', messageId: 'message-2' };
    expect(parseChatContent(piece)).toEqual({ type: 'text', text: 'Hi', messageId: 'message-2' });
    const thought = { type: 'reasonText', id: 'thought-1', text: 'Hm', extra: 'dropped' };
    expect(parseChatContent(thought)).toEqual(ChatContentSchema.parse(thought));
  });

  it('refuses what the schema refuses', () => {
    for (const bad of [
      { type: 'text', text: 5 },
      { type: 'reasonText', text: 'no id' },
      { type: 'reasonText', id: 7, text: 'a number for an id' },
      { type: 'no such type', text: 'x' },
      'text',
      null,
      Object.assign(Object.create({ inherited: true }), { type: 'text', text: 42 }),
    ]) {
      expect(() => parseChatContent(bad)).toThrow(ZodError);
      expect(ChatContentSchema.safeParse(bad).success).toBe(false);
    }
  });
});
