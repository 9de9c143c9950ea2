import { describe, expect, it } from 'vitest';
import { ChatContentSchema, type ChatContentInput } from '../../lib/protocol/eca-chat';
import { toEcaContentReceived } from './eca-contents';

const broadcast = (content: ChatContentInput, seq = 7) => ({
  chatId: 'chat-1',
  role: 'assistant' as const,
  content: ChatContentSchema.parse(content),
  seq,
});

const call = { origin: 'native', id: 'call-1', name: 'shell_command', server: 'builtin', arguments: { command: 'ls' } } as const;

describe('toEcaContentReceived', () => {
  it('sends {chatId, role, content} without Baton\'s seq', () => {
    expect(toEcaContentReceived(broadcast({ type: 'text', text: 'Hi' }))).toEqual({
      chatId: 'chat-1',
      role: 'assistant',
      content: { type: 'text', text: 'Hi' },
    });
  });

  it('names the native tool server ECA, as tool/serverUpdated does', () => {
    const run = toEcaContentReceived(broadcast({ type: 'toolCallRun', ...call, manualApproval: true }));
    expect(run?.content).toMatchObject({ type: 'toolCallRun', server: 'ECA', origin: 'native' });
  });

  it('leaves an MCP tool call with its own server', () => {
    const mcpCall = { ...call, origin: 'mcp', server: 'everything', name: 'everything__echo' } as const;
    const run = toEcaContentReceived(broadcast({ type: 'toolCallRun', ...mcpCall, manualApproval: true }));
    expect(run?.content).toMatchObject({ server: 'everything' });
  });

  it('sends toolCallRunning once per call: the repeats carrying output are not sent', () => {
    const first = toEcaContentReceived(broadcast({ type: 'toolCallRunning', ...call }));
    expect(first?.content).toEqual({ type: 'toolCallRunning', ...call, server: 'ECA' });
    expect(toEcaContentReceived(broadcast({ type: 'toolCallRunning', ...call, outputChunk: 'a.txt\n' }))).toBeUndefined();
  });
});
