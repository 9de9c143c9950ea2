import { describe, expect, it } from 'vitest';
import { ChatContentSchema, NATIVE_TOOL_SERVER } from './chat-content';

const parse = (content: unknown) => ChatContentSchema.parse(content);

describe('ChatContentSchema, v1 against v2', () => {
  it('renames v1 usage messageCost to lastMessageCost and keeps the v1 token counts', () => {
    const v1 = {
      type: 'usage',
      messageInputTokens: 120,
      messageOutputTokens: 30,
      sessionTokens: 150,
      messageCost: '$0.01',
      sessionCost: '$0.02',
    };
    expect(parse(v1)).toEqual({
      type: 'usage',
      messageInputTokens: 120,
      messageOutputTokens: 30,
      sessionTokens: 150,
      lastMessageCost: '$0.01',
      sessionCost: '$0.02',
    });
  });

  it('passes v2 usage, limits included, through unchanged', () => {
    const v2 = { type: 'usage', sessionTokens: 10, lastMessageCost: '$0', limit: { context: 200000, output: 8000 } };
    expect(parse(v2)).toEqual(v2);
  });

  it('prefers v2 lastMessageCost when a message carries both names', () => {
    expect(parse({ type: 'usage', sessionTokens: 1, messageCost: '$1', lastMessageCost: '$2' })).toMatchObject({
      lastMessageCost: '$2',
    });
  });

  it('reads v1 toolCalled outputs[].content as text and v2 outputs[].text as is', () => {
    const base = { type: 'toolCalled', origin: 'native', id: 't1', name: 'read', server: 'ECA', arguments: [], error: false };
    expect(parse({ ...base, outputs: [{ type: 'text', content: 'v1 body' }] })).toMatchObject({
      outputs: [{ type: 'text', text: 'v1 body' }],
    });
    expect(parse({ ...base, outputs: [{ type: 'text', text: 'v2 body' }], totalTimeMs: 5 })).toMatchObject({
      outputs: [{ type: 'text', text: 'v2 body' }],
      totalTimeMs: 5,
    });
  });

  it('gives a v1 tool call, which names no server, the native server or none', () => {
    const call = { type: 'toolCallRun', id: 't1', name: 'eca_read_file', arguments: { path: 'a' }, manualApproval: true };
    expect(parse({ ...call, origin: 'native' })).toMatchObject({ server: NATIVE_TOOL_SERVER });
    expect(parse({ ...call, origin: 'mcp' })).toMatchObject({ server: '' });
    expect(parse({ ...call, origin: 'mcp', server: 'github' })).toMatchObject({ server: 'github' });
  });

  it('keeps v1 toolCallPrepare manualApproval, which v2 moved to toolCallRun', () => {
    const v1 = { type: 'toolCallPrepare', origin: 'native', id: 't1', name: 'write', argumentsText: '{"pa', manualApproval: true };
    expect(parse(v1)).toMatchObject({ manualApproval: true, argumentsText: '{"pa', server: 'ECA' });
    const v2 = { type: 'toolCallPrepare', origin: 'mcp', id: 't1', name: 'write', server: 'fs', argumentsText: 'th"}' };
    expect(parse(v2)).toEqual(v2);
  });

  it("reads v1 toolCallRejected reason 'user' as 'user-choice' and keeps both v2 reasons", () => {
    const rejected = { type: 'toolCallRejected', origin: 'native', id: 't1', name: 'write', server: 'ECA', arguments: {} };
    expect(parse({ ...rejected, reason: 'user' })).toMatchObject({ reason: 'user-choice' });
    expect(parse({ ...rejected, reason: 'user-config' })).toMatchObject({ reason: 'user-config' });
    expect(ChatContentSchema.safeParse({ ...rejected, reason: 'model' }).success).toBe(false);
  });

  it('takes reasonFinished with and without the v2 totalTimeMs', () => {
    expect(parse({ type: 'reasonFinished', id: 'r1' })).toEqual({ type: 'reasonFinished', id: 'r1' });
    expect(parse({ type: 'reasonFinished', id: 'r1', totalTimeMs: 40 })).toMatchObject({ totalTimeMs: 40 });
  });

  it('takes the v2-only contents: toolCallRunning and metadata', () => {
    expect(parse({ type: 'metadata', title: 'Fix the build' })).toEqual({ type: 'metadata', title: 'Fix the build' });
    const running = { type: 'toolCallRunning', origin: 'mcp', id: 't1', name: 'ls', server: 'fs', arguments: {} };
    expect(parse(running)).toEqual(running);
  });
});

describe('ChatContentSchema, the union', () => {
  it('refuses an unknown type and names the discriminator', () => {
    const result = ChatContentSchema.safeParse({ type: 'image', url: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['type']);
  });

  it('refuses a tool call whose origin is neither mcp nor native', () => {
    const call = { type: 'toolCallRun', origin: 'remote', id: 't', name: 'n', arguments: {}, manualApproval: false };
    expect(ChatContentSchema.safeParse(call).success).toBe(false);
  });

  it('refuses a progress state other than running or finished', () => {
    expect(ChatContentSchema.safeParse({ type: 'progress', state: 'paused', text: '' }).success).toBe(false);
  });

  it('accepts the fileChange details both versions define, and keeps a call whose details it does not draw', () => {
    const details = { type: 'fileChange', path: 'a.md', diff: '+x', linesAdded: 1, linesRemoved: 0 };
    const run = { type: 'toolCallRun', origin: 'native', id: 't', name: 'write', arguments: {}, manualApproval: true, details };
    expect(parse(run)).toMatchObject({ details });
    // The current protocol's shellCommand details: the call comes through, without them.
    const shell = parse({ ...run, details: { type: 'shellCommand', commands: [{ command: 'ls', args: [] }] } });
    expect(shell).toMatchObject({ type: 'toolCallRun', id: 't', manualApproval: true });
    expect(shell).not.toHaveProperty('details.type');
    expect(ChatContentSchema.safeParse({ ...run, details: { path: 'a.md' } }).success).toBe(false);
  });

  it("reads the current protocol's origins, rejection reasons and a progress without text", () => {
    const call = { id: 't', name: 'web_search', arguments: {} };
    expect(parse({ type: 'toolCallRunning', origin: 'server', server: 'openai', ...call })).toMatchObject({ origin: 'mcp' });
    const rejected = { type: 'toolCallRejected', origin: 'native', server: 'ECA', ...call };
    expect(parse({ ...rejected, reason: 'userChoiceDeny' })).toMatchObject({ reason: 'user-choice' });
    expect(parse({ ...rejected, reason: 'userConfigDeny' })).toMatchObject({ reason: 'user-config' });
    expect(parse({ ...rejected, reason: 'hookRejected' })).toMatchObject({ reason: 'user-config' });
    expect(parse({ ...rejected, reason: 'userPromptStop' })).toMatchObject({ reason: 'user-choice' });
    expect(parse({ type: 'progress', state: 'finished' })).toEqual({ type: 'progress', state: 'finished', text: '' });
    expect(parse({ type: 'text', text: 'Hi', contentId: 'c1' })).toEqual({ type: 'text', text: 'Hi', contentId: 'c1' });
  });
});
