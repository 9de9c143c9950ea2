import { describe, expect, it } from 'vitest';
import { MAX_SSE_EVENT_CHARS, type SseMessage, SseLimitError, SseParser } from './sse-parser';

function parse(chunks: readonly string[], initialLastEventId = '') {
  const messages: SseMessage[] = [];
  const retries: number[] = [];
  const comments: string[] = [];
  const parser = new SseParser(
    {
      onMessage: (message) => messages.push(message),
      onRetry: (milliseconds) => retries.push(milliseconds),
      onComment: (text) => comments.push(text),
    },
    initialLastEventId,
  );
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { messages, retries, comments };
}

describe('SseParser', () => {
  it('joins multi-line data with newlines, as the spec spreads its JSON', () => {
    const stream = 'event: agent.state\ndata: {\ndata:   "type": "agent.state",\ndata:   "state": "idle"\ndata: }\n\n';
    const { messages } = parse([stream]);
    expect(messages).toEqual([
      { event: 'agent.state', data: '{\n  "type": "agent.state",\n  "state": "idle"\n}', id: undefined, lastEventId: '' },
    ]);
    expect(JSON.parse(messages[0]!.data)).toEqual({ type: 'agent.state', state: 'idle' });
  });

  it('gives the same events whatever the chunks are cut at, CRLF and CR included', () => {
    const stream = '\uFEFF: hello\r\nid: 1\r\nevent: a\r\ndata: x\r\n\r\nid: 2\rdata: y\rdata:z\r\r';
    const whole = parse([stream]).messages;
    expect(whole).toEqual([
      { event: 'a', data: 'x', id: '1', lastEventId: '1' },
      { event: 'message', data: 'y\nz', id: '2', lastEventId: '2' },
    ]);
    for (let cut = 1; cut < stream.length; cut += 1) {
      expect(parse([stream.slice(0, cut), stream.slice(cut)]).messages).toEqual(whole);
    }
    expect(parse([...stream]).messages).toEqual(whole);
  });

  it('reports comments and valid retry values, and ignores unknown fields', () => {
    const { messages, retries, comments } = parse([': keep-alive\nretry: 1500\nretry: soon\nfoo: bar\ndata\n\n']);
    expect(comments).toEqual(['keep-alive']);
    expect(retries).toEqual([1500]);
    // A `data` line without a colon is a data field with an empty value.
    expect(messages).toEqual([{ event: 'message', data: '', id: undefined, lastEventId: '' }]);
  });

  it('lets later events inherit the last id, keeps it across a reconnect and ignores an id with NULL', () => {
    const { messages } = parse(['data: a\n\nid: 7\ndata: b\n\ndata: c\n\nid: x\0y\ndata: d\n\n'], '5');
    expect(messages.map(({ id, lastEventId }) => [id, lastEventId])).toEqual([
      [undefined, '5'],
      ['7', '7'],
      [undefined, '7'],
      [undefined, '7'],
    ]);
  });

  it('dispatches nothing for a block without data, and drops an event cut off by the end of the stream', () => {
    const { messages } = parse(['event: lonely\n\nid: 3\n\ndata: complete\n\ndata: cut off']);
    expect(messages).toEqual([{ event: 'message', data: 'complete', id: undefined, lastEventId: '3' }]);
  });

  it('takes one leading space off a value and keeps the rest', () => {
    expect(parse(['data:  two spaces\ndata:none\n\n']).messages[0]!.data).toBe(' two spaces\nnone');
  });

  it('refuses a line that never ends', () => {
    const parser = new SseParser({ onMessage: () => undefined });
    expect(() => parser.push(`data: ${'x'.repeat(4 * 1024 * 1024 + 1)}`)).toThrow(SseLimitError);
  });

  it('refuses an event that never ends, however short its lines', () => {
    const messages: SseMessage[] = [];
    const parser = new SseParser({ onMessage: (message) => messages.push(message) });
    const line = `data: ${'x'.repeat(1023)}\n`;
    const push = () => {
      for (;;) parser.push(line.repeat(64));
    };
    expect(push).toThrow(new SseLimitError(`an event-stream event longer than ${MAX_SSE_EVENT_CHARS} characters`));
    expect(messages).toEqual([]);
  });
});
