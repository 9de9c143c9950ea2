import { describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import type { ChatContentInput } from '../../lib/protocol/eca-chat';
import { AcpTurnMapper } from './acp/acp-update-mapper';
import { UniqueIds } from './unique-ids';

const earlierCall: ThreadEntry = {
  type: 'toolCall',
  id: 'call-1',
  origin: 'native',
  name: 'read',
  server: 'agent',
  status: 'succeeded',
} as ThreadEntry;

describe('UniqueIds', () => {
  it('keeps an id the thread does not hold, and suffixes one it does', () => {
    const ids = UniqueIds.forThread([earlierCall]);
    expect(ids.fresh('call-2')).toBe('call-2');
    expect(ids.fresh('call-1')).toBe('call-1~2');
    expect(ids.fresh('call-1')).toBe('call-1~3');
  });

  it('continues a call until it ends; an id that opens a call after that names a new one', () => {
    const ids = UniqueIds.forThread([]);
    expect(ids.idFor('x', true)).toBe('x');
    expect(ids.idFor('x', true)).toBe('x');
    expect(ids.end('x')).toBe('x');
    expect(ids.idFor('x', false)).toBe('x');
    expect(ids.idFor('x', true)).toBe('x~2');
  });

  it('gives out none of the same ids in a map beside it', () => {
    const toolCalls = UniqueIds.forThread([]);
    const reasoning = toolCalls.beside();
    expect(toolCalls.fresh('1')).toBe('1');
    expect(reasoning.fresh('1')).toBe('1~2');
  });
});

describe('an ACP agent that reuses a tool call id', () => {
  it('gets two cards, the earlier one left as it ended', async () => {
    const emitted: ChatContentInput[] = [];
    const mapper = new AcpTurnMapper({
      emit: async (content) => void emitted.push(content),
      server: 'agent',
      workspaceRoot: '/',
      agentState: { onCommands: () => undefined, onMode: () => undefined, onConfigOptions: () => undefined },
      terminalOutput: () => undefined,
      history: [earlierCall],
    });
    for (const path of ['a.md', 'b.md']) {
      await mapper.apply({
        sessionUpdate: 'tool_call',
        toolCallId: 'call-1',
        title: `Read ${path}`,
        kind: 'read',
        status: 'pending',
        rawInput: { path },
      });
      await mapper.apply({ sessionUpdate: 'tool_call_update', toolCallId: 'call-1', status: 'completed', rawOutput: path });
    }
    const called = emitted.flatMap((content) => (content.type === 'toolCalled' ? [[content.id, content.arguments]] : []));
    expect(called).toEqual([
      ['call-1~2', { path: 'a.md' }],
      ['call-1~3', { path: 'b.md' }],
    ]);
  });
});
