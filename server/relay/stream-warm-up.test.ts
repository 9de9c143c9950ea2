import { describe, expect, it } from 'vitest';
import { SequencedContentReceivedParamsSchema } from '../../lib/protocol/thread-events';
import { warmUpStreamedPieces } from './stream-warm-up';

describe('the streaming warm-up', () => {
  it('hands over one batch of content notifications that a tab would accept, for a thread no tab watches', () => {
    const batches: unknown[][] = [];
    warmUpStreamedPieces((notifications) => batches.push(notifications));
    expect(batches).toHaveLength(1);
    const [batch] = batches;
    expect(batch!.length).toBeGreaterThan(1);
    for (const notification of batch!) {
      expect(notification).toMatchObject({ jsonrpc: '2.0', method: 'chat/contentReceived' });
      const params = SequencedContentReceivedParamsSchema.parse((notification as { params: unknown }).params);
      expect(params.chatId).toBe('warm-up');
    }
    const types = batch!.map((notification) => (notification as { params: { content: { type: string } } }).params.content.type);
    expect(types).toEqual(expect.arrayContaining(['text', 'reasonText', 'toolCallPrepare']));
  });
});
