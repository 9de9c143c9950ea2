import { describe, expect, it } from 'vitest';
import { capResponseBody, McpMessageTooLarge, MessageSizeCounter } from './message-size-cap';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('MessageSizeCounter', () => {
  it('counts a line across chunks and starts again after its newline', () => {
    const counter = new MessageSizeCounter(10);
    expect(counter.add(bytes('{"a":'))).toBe(true);
    expect(counter.add(bytes('123}\n{"b"'))).toBe(true);
    expect(counter.add(bytes(':2}\n'))).toBe(true);
    expect(counter.add(bytes('x'.repeat(10)))).toBe(true);
    expect(counter.add(bytes('y'))).toBe(false);
  });

  it('refuses a line over the cap even when a newline follows in the same chunk', () => {
    expect(new MessageSizeCounter(10).add(bytes(`${'x'.repeat(20)}\n{}\n`))).toBe(false);
  });

  it('counts an event of several lines up to its blank line, with LF or CRLF', () => {
    const counter = new MessageSizeCounter(30, true);
    expect(counter.add(bytes('event: message\r\ndata: 1234\r\n'))).toBe(true);
    expect(counter.add(bytes('\r\n'))).toBe(true);
    expect(counter.add(bytes('data: 12345678901234567890\n\n'))).toBe(true);
    expect(counter.add(bytes('data: 1234567890\ndata: 1234567890\n'))).toBe(false);
  });
});

describe('capResponseBody', () => {
  it('passes a body within the cap unchanged', async () => {
    let refused = false;
    const response = capResponseBody(new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }), 100, () => {
      refused = true;
    });
    await expect(response.json()).resolves.toEqual({ ok: true });
    expect(refused).toBe(false);
  });

  it('fails a JSON body over the cap however its lines are split, and says so', async () => {
    const heard: McpMessageTooLarge[] = [];
    const body = `{\n${'"k": 1,\n'.repeat(20)}"end": 0}`;
    const response = capResponseBody(new Response(body, { headers: { 'content-type': 'application/json' } }), 100, (error) =>
      heard.push(error),
    );
    await expect(response.json()).rejects.toBeInstanceOf(McpMessageTooLarge);
    expect(heard).toHaveLength(1);
  });

  it('reads an event stream event by event: many small events pass, one large one fails', async () => {
    const small = 'data: {"n":1}\n\n'.repeat(50);
    const passing = capResponseBody(new Response(small, { headers: { 'content-type': 'text/event-stream' } }), 100, () => undefined);
    await expect(passing.text()).resolves.toBe(small);
    const large = `data: {"n":1}\n\ndata: "${'x'.repeat(200)}"\n\n`;
    const failing = capResponseBody(new Response(large, { headers: { 'content-type': 'text/event-stream' } }), 100, () => undefined);
    await expect(failing.text()).rejects.toThrow('more than 100 bytes');
  });
});
