import { describe, expect, it } from 'vitest';
import { ChatContentSchema, type ChatContentInput } from '../../../lib/protocol/eca-chat';
import type { ThreadEntry } from '../../../lib/protocol/thread-model';
import { EcaContentMapper } from './eca-content-mapper';

const parse = (content: ChatContentInput) => ChatContentSchema.parse(content);
const call = { origin: 'native', id: 'c1', name: 'read_file', server: 'ECA' } as const;

describe('EcaContentMapper', () => {
  it('drops the user’s message, passes running progress and ends on finished', () => {
    const mapper = new EcaContentMapper([]);
    expect(mapper.map('user', parse({ type: 'text', text: 'hi' }))).toMatchObject({ kind: 'skip' });
    expect(mapper.map('system', parse({ type: 'progress', state: 'running', text: 'Waiting model' }))).toMatchObject({ kind: 'emit' });
    expect(mapper.map('system', parse({ type: 'progress', state: 'finished', text: 'Done' }))).toEqual({ kind: 'finished' });
  });

  it('sends a call that waits for approval to the gate, with the server’s id kept for the answer', () => {
    const mapper = new EcaContentMapper([
      { type: 'toolCall', id: 'c1', name: 'read_file', server: 'ECA', origin: 'native', status: 'succeeded' } as ThreadEntry,
    ]);
    const mapped = mapper.map('assistant', parse({ type: 'toolCallRun', ...call, arguments: {}, manualApproval: true }));
    expect(mapped).toMatchObject({ kind: 'approval', serverToolCallId: 'c1', call: { id: 'c1~2', manualApproval: true } });
    mapper.rejectedByTheGate('c1');
    expect(mapper.map('assistant', parse({ type: 'toolCallRejected', ...call, arguments: {}, reason: 'user-choice' }))).toMatchObject({
      kind: 'skip',
    });
  });

  it('keeps one id for every content of a call and of a thought, and a new one when the server reuses it', () => {
    const mapper = new EcaContentMapper([]);
    const ids = [
      parse({ type: 'toolCallPrepare', ...call, argumentsText: '{}' }),
      parse({ type: 'toolCallRun', ...call, arguments: {}, manualApproval: false }),
      parse({ type: 'toolCalled', ...call, arguments: {}, error: false, outputs: [] }),
      parse({ type: 'toolCallPrepare', ...call, argumentsText: '{}' }),
      parse({ type: 'reasonStarted', id: 'r' }),
      parse({ type: 'reasonText', id: 'r', text: 'x' }),
      parse({ type: 'reasonStarted', id: 'r' }),
    ].map((content) => {
      const mapped = mapper.map('assistant', content);
      return mapped.kind === 'emit' && 'id' in mapped.content ? mapped.content.id : undefined;
    });
    expect(ids).toEqual(['c1', 'c1', 'c1', 'c1~2', 'r', 'r', 'r~2']);
  });

  it('drops a sandbox a server claims for its own commands: only Baton can say what held for what Baton ran', () => {
    const mapper = new EcaContentMapper([]);
    const boundary = { sandboxed: true, network: false };
    const shell = { origin: 'native', id: 's1', name: 'shell', server: 'ECA' } as const;
    for (const content of [
      parse({ type: 'toolCallRun', ...shell, arguments: {}, manualApproval: false, boundary }),
      parse({ type: 'toolCallRunning', ...shell, arguments: {}, boundary }),
      parse({ type: 'toolCalled', ...shell, arguments: {}, error: false, outputs: [], boundary }),
    ]) {
      const mapped = mapper.map('assistant', content);
      expect(mapped.kind).toBe('emit');
      expect(mapped.kind === 'emit' && 'boundary' in mapped.content).toBe(false);
    }
  });

  it('a hand-over is not the server’s to report', () => {
    expect(new EcaContentMapper([]).map('assistant', parse({ type: 'handOver', from: 'a', to: 'b' }))).toMatchObject({ kind: 'skip' });
  });
});
