import { describe, expect, it } from 'vitest';
import { ChatContentSchema, type ChatContentInput, type ChatRole } from '../../lib/protocol/eca-chat';
import { contentIdOf, EcaContentTranslator, parseContentId } from './eca-contents';

const broadcast = (content: ChatContentInput, seq = 7, role: ChatRole = 'assistant') => ({
  chatId: 'thread-1',
  role,
  content: ChatContentSchema.parse(content),
  seq,
});

const call = { origin: 'native', id: 'call-1', name: 'shell_command', server: 'builtin', arguments: { command: 'ls' } } as const;

function translator(clock = { now: 1000 }) {
  const translate = new EcaContentTranslator(() => clock.now);
  return (content: ChatContentInput, seq?: number, role?: ChatRole) => translate.toEca(broadcast(content, seq, role), 'editor-chat');
}

describe('EcaContentTranslator', () => {
  it("sends {chatId, role, content} under the editor's chat id, without Baton's seq", () => {
    expect(translator()({ type: 'text', text: 'Hi' })).toEqual({
      chatId: 'editor-chat',
      role: 'assistant',
      content: { type: 'text', text: 'Hi' },
    });
  });

  it('gives a user message the contentId an editor rolls back to, and no other text', () => {
    const toEca = translator();
    const user = toEca({ type: 'text', text: 'Fix it' }, 4, 'user');
    expect(user?.content).toEqual({ type: 'text', text: 'Fix it', contentId: 'thread-1:4' });
    expect(parseContentId('thread-1:4')).toEqual({ threadId: 'thread-1', seq: 4 });
    expect(parseContentId(contentIdOf('a:b', 12))).toEqual({ threadId: 'a:b', seq: 12 });
    expect(parseContentId('no-seq')).toBeUndefined();
    expect(toEca({ type: 'text', text: 'Done' }, 5)?.content).not.toHaveProperty('contentId');
  });

  it('names the native tool server ECA, as tool/serverUpdated does, and leaves MCP servers alone', () => {
    const toEca = translator();
    expect(toEca({ type: 'toolCallRun', ...call, manualApproval: true })?.content).toMatchObject({ server: 'ECA', origin: 'native' });
    const mcpCall = { ...call, id: 'call-2', origin: 'mcp', server: 'everything', name: 'everything__echo' } as const;
    expect(toEca({ type: 'toolCallRun', ...mcpCall, manualApproval: true })?.content).toMatchObject({ server: 'everything' });
  });

  it('sends toolCallRunning once per call: the repeats carrying output are not sent', () => {
    const toEca = translator();
    expect(toEca({ type: 'toolCallRunning', ...call })?.content).toEqual({ type: 'toolCallRunning', ...call, server: 'ECA' });
    expect(toEca({ type: 'toolCallRunning', ...call, outputChunk: 'a.txt\n' })).toBeUndefined();
  });

  it('times a toolCalled that came without totalTimeMs from the call’s first content, and keeps a given one', () => {
    const clock = { now: 1000 };
    const toEca = translator(clock);
    toEca({ type: 'toolCallRun', ...call, manualApproval: true });
    clock.now = 1250;
    const stopped = toEca({ type: 'toolCalled', ...call, error: true, outputs: [{ type: 'text', text: 'Interrupted' }] });
    expect(stopped?.content).toMatchObject({ type: 'toolCalled', totalTimeMs: 250 });
    const timed = toEca({ type: 'toolCalled', ...call, id: 'call-3', error: false, outputs: [], totalTimeMs: 17 });
    expect(timed?.content).toMatchObject({ totalTimeMs: 17 });
    // A call never seen before (refused before any content) still says a time.
    const unseen = toEca({ type: 'toolCalled', ...call, id: 'call-4', error: true, outputs: [] });
    expect(unseen?.content).toMatchObject({ totalTimeMs: 0 });
  });

  it('sends usage under its v1 and v2 names, costs without a currency sign', () => {
    const usage = translator()({
      type: 'usage',
      sessionTokens: 150,
      lastMessageCost: '$0.0100',
      sessionCost: '$0.0200',
      messageInputTokens: 120,
      messageOutputTokens: 30,
    });
    expect(usage?.content).toEqual({
      type: 'usage',
      sessionTokens: 150,
      messageInputTokens: 120,
      messageOutputTokens: 30,
      lastMessageCost: '0.0100',
      messageCost: '0.0100',
      sessionCost: '0.0200',
    });
    // Without a price (the offline demo): tokens only, the v1 counts still there.
    expect(translator()({ type: 'usage', sessionTokens: 9 })?.content).toEqual({
      type: 'usage',
      sessionTokens: 9,
      messageInputTokens: 0,
      messageOutputTokens: 0,
    });
  });

  it("keeps an ACP agent's message id and context figure to Baton: ECA's contents have no field for them", () => {
    const toEca = translator();
    expect(toEca({ type: 'text', text: 'Hi', messageId: 'msg-a' })?.content).toEqual({ type: 'text', text: 'Hi' });
    expect(toEca({ type: 'usage', sessionTokens: 9, context: { used: 9, size: 200_000 } })?.content).not.toHaveProperty('context');
  });

  it("keeps Baton's sandbox boundary to itself", () => {
    const toEca = translator();
    const boundary = { sandboxed: true, network: false };
    for (const content of [
      { type: 'toolCallRun', ...call, manualApproval: false, boundary },
      { type: 'toolCallRunning', ...call, boundary },
      { type: 'toolCalled', ...call, error: false, outputs: [], totalTimeMs: 3, boundary },
    ] as ChatContentInput[]) {
      expect(toEca(content)?.content).not.toHaveProperty('boundary');
    }
  });

  it('sends no hand-over: an editor has no place for it', () => {
    expect(translator()({ type: 'handOver', from: 'a', to: 'b' })).toBeUndefined();
  });
});
