import { describe, expect, it } from 'vitest';
import { ContentBatches } from './content-batches';

const piece = (seq: number) => ({ chatId: 't1', role: 'assistant' as const, content: { type: 'text' as const, text: `p${seq}` }, seq });

describe('ContentBatches', () => {
  it('sends the contents told in one turn of the event loop as one JSON-RPC batch per thread, in order', async () => {
    const sent: Array<[string, unknown]> = [];
    const batches = new ContentBatches((threadId, message) => sent.push([threadId, message]));
    batches.add('a', piece(1));
    batches.add('b', piece(1));
    batches.add('a', piece(2));
    expect(sent).toEqual([]);
    await Promise.resolve();
    expect(sent).toEqual([
      [
        'a',
        [
          { jsonrpc: '2.0', method: 'chat/contentReceived', params: piece(1) },
          { jsonrpc: '2.0', method: 'chat/contentReceived', params: piece(2) },
        ],
      ],
      ['b', { jsonrpc: '2.0', method: 'chat/contentReceived', params: piece(1) }],
    ]);
  });

  it('sends a lone content as the single notification it always was, and what waits at once on flush', async () => {
    const sent: unknown[] = [];
    const batches = new ContentBatches((_threadId, message) => sent.push(message));
    batches.add('a', piece(1));
    batches.flush();
    expect(sent).toEqual([{ jsonrpc: '2.0', method: 'chat/contentReceived', params: piece(1) }]);
    await Promise.resolve();
    expect(sent).toHaveLength(1);
    batches.add('a', piece(2));
    await Promise.resolve();
    expect(sent).toHaveLength(2);
  });
});
