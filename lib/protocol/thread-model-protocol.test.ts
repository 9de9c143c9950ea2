import { describe, expect, it } from 'vitest';
import { SpecThreadEntrySchema, FileVersionSchema, ThreadEntrySchema } from './thread-model';
import { AcpRequestSchema, AcpResponseSchema, threadModelMethodDirections, threadModelProtocol } from './thread-model-protocol';

const { requests } = threadModelProtocol;

describe('ACP envelope', () => {
  it('takes messages without jsonrpc, and with it', () => {
    expect(AcpRequestSchema.safeParse({ id: 0, method: 'getThreads', params: null }).success).toBe(true);
    expect(AcpRequestSchema.safeParse({ jsonrpc: '2.0', id: 0, method: 'getThreads', params: null }).success).toBe(true);
    expect(AcpRequestSchema.safeParse({ id: 'a', method: 'getThreads', params: null }).success).toBe(false);
  });

  it('wants a response to have result or error, not both and not neither', () => {
    expect(AcpResponseSchema.safeParse({ id: 0, result: null }).success).toBe(true);
    expect(AcpResponseSchema.safeParse({ id: 0, error: { code: -32601, message: 'no' } }).success).toBe(true);
    expect(AcpResponseSchema.safeParse({ id: 0 }).success).toBe(false);
    expect(AcpResponseSchema.safeParse({ id: 0, result: null, error: { code: 1, message: 'x' } }).success).toBe(false);
  });
});

describe('threadModelProtocol', () => {
  it('reads binary files as base64 with a version', () => {
    const result = requests.readBinaryFile.result;
    expect(result.safeParse({ version: 3, content: 'AAEC' }).success).toBe(true);
    expect(result.safeParse({ version: 3, content: 'not base64' }).success).toBe(false);
    expect(requests.readBinaryFile.params.safeParse({ threadId: 't', path: 'a.png', byteOffset: -1 }).success).toBe(false);
  });

  it('takes file versions from 0 up to the largest exact integer', () => {
    expect(FileVersionSchema.safeParse(0).success).toBe(true);
    expect(FileVersionSchema.safeParse(-1).success).toBe(false);
    expect(FileVersionSchema.safeParse(1.5).success).toBe(false);
    expect(FileVersionSchema.safeParse(2 ** 60).success).toBe(false);
  });

  it('sends whole messages and streams chunks', () => {
    const message = { role: 'user', chunks: [{ type: 'text', chunk: 'hi' }] };
    expect(requests.sendMessage.params.parse({ threadId: 't', message })).toEqual({ threadId: 't', message });
    expect(requests.streamMessageChunk.params.safeParse({ threadId: 't', chunk: { type: 'image', chunk: '' } }).success).toBe(false);
    expect(requests.sendMessage.result.safeParse(null).success).toBe(true);
  });

  it("answers an ACP peer with the spec's entries only, while Baton's own store keeps tool calls", () => {
    const toolCall = { type: 'toolCall', id: 't', name: 'n', server: 's', origin: 'native', status: 'running' };
    expect(ThreadEntrySchema.safeParse(toolCall).success).toBe(true);
    expect(SpecThreadEntrySchema.safeParse(toolCall).success).toBe(false);
    expect(requests.getThreadEntries.result.safeParse({ entries: [toolCall] }).success).toBe(false);
  });

  it('has the client call the thread methods and the agent call the file methods', () => {
    expect(threadModelMethodDirections.getThreads).toBe('client-to-agent');
    expect(threadModelMethodDirections.readTextFile).toBe('agent-to-client');
  });
});
