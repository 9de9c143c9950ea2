import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createGate } from './testing/gate';
import type { ModelScript } from './scripted-reply';
import { type ScriptedModelServer, startScriptedModelServer } from './scripted-model-server';
import { scriptedSignature } from './thinking-signature';

let server: ScriptedModelServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(script: ModelScript): Promise<Anthropic> {
  server = await startScriptedModelServer({ script });
  return new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
}

const question = { model: 'scripted', max_tokens: 256, messages: [{ role: 'user' as const, content: 'Hi' }] };

describe('startScriptedModelServer with the real SDK', () => {
  it('listens on loopback by default', async () => {
    await clientFor(() => ({ blocks: [] }));
    expect(server?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('streams text deltas one by one, observable before the message ends', async () => {
    const gate = createGate();
    const client = await clientFor(() => ({
      blocks: [{ type: 'text', text: 'one two three four' }],
      beforeDelta: (index) => (index === 2 ? gate.promise : undefined),
    }));
    const stream = client.messages.stream(question);
    const received: string[] = [];
    let ended = false;
    const sawTwo = new Promise<void>((resolve) =>
      stream.on('text', (delta) => {
        received.push(delta);
        if (received.length === 2) resolve();
      }),
    );
    const final = stream.finalMessage().finally(() => {
      ended = true;
    });

    await sawTwo;
    expect(received).toEqual(['one ', 'two ']);
    expect(ended).toBe(false);

    gate.open();
    const message = await final;
    expect(received).toEqual(['one ', 'two ', 'three ', 'four']);
    expect(message.content).toMatchObject([{ type: 'text', text: 'one two three four' }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage.output_tokens).toBe(4);
  });

  it('streams tool_use input in pieces that arrive intact, then stops for the tool', async () => {
    const input = { path: 'src/index.ts', content: 'const quote = "she said \\"hi\\"";\n', nested: { list: [1, 2] } };
    const client = await clientFor(() => ({
      blocks: [
        { type: 'text', text: 'Writing.' },
        { type: 'tool_use', name: 'write_file', input },
      ],
    }));
    const stream = client.messages.stream(question);
    const pieces: string[] = [];
    stream.on('inputJson', (partial) => pieces.push(partial));
    const message = await stream.finalMessage();

    expect(pieces.length).toBeGreaterThan(1);
    expect(JSON.parse(pieces.join(''))).toEqual(input);
    expect(message.stop_reason).toBe('tool_use');
    const toolUse = message.content[1];
    expect(toolUse).toMatchObject({ type: 'tool_use', name: 'write_file', input });
    expect(toolUse?.type === 'tool_use' && toolUse.id).toMatch(/^toolu_/);
  });

  it('answers non-streaming requests with a JSON message', async () => {
    const client = await clientFor(() => ({ blocks: [{ type: 'text', text: 'Plain answer.' }] }));
    const message = await client.messages.create(question);
    expect(message.content).toMatchObject([{ type: 'text', text: 'Plain answer.' }]);
    expect(message.role).toBe('assistant');
    expect(message.model).toBe('scripted');
  });

  it('hands the script the parsed request and records it', async () => {
    const client = await clientFor((request) => ({
      blocks: [{ type: 'text', text: `You said ${String(request.messages[0]?.content)}` }],
    }));
    const message = await client.messages.create({ ...question, system: 'Be brief.' });
    expect(message.content).toMatchObject([{ text: 'You said Hi' }]);
    expect(server?.requests).toMatchObject([{ model: 'scripted', system: 'Be brief.', messages: [{ content: 'Hi' }] }]);
  });

  it('keeps no request when told not to, as the offline demo model does: each carries its whole conversation', async () => {
    server = await startScriptedModelServer({
      script: (request) => ({ blocks: [{ type: 'text', text: `You said ${String(request.messages[0]?.content)}` }] }),
      keepRequests: false,
    });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const message = await client.messages.create(question);
    expect(message.content).toMatchObject([{ text: 'You said Hi' }]);
    expect(server.requests).toEqual([]);
    expect(server.apiKeys).toEqual([]);
  });

  it('refuses malformed requests with Anthropic-style errors the SDK understands', async () => {
    const client = await clientFor(() => ({ blocks: [] }));
    const error = await client.messages.create({ model: 'scripted', max_tokens: 0, messages: [] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error).toMatchObject({ status: 400, error: { type: 'error', error: { type: 'invalid_request_error' } } });
    expect(String((error as Error).message)).toContain('max_tokens');

    const raw = await fetch(`${server?.url}/v1/messages`, { method: 'POST', body: '{not json' });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'The request body is not valid JSON.' },
    });
    const missing = await fetch(`${server?.url}/v1/other`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
  });

  it('answers a scripted HTTP error, and a failing script as api_error', async () => {
    let calls = 0;
    const client = await clientFor(() => {
      calls += 1;
      if (calls === 1) return { error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } };
      throw new Error('script bug');
    });
    await expect(client.messages.create(question)).rejects.toMatchObject({
      status: 529,
      error: { error: { type: 'overloaded_error', message: 'Overloaded' } },
    });
    await expect(client.messages.create(question)).rejects.toMatchObject({
      status: 500,
      error: { error: { type: 'api_error', message: expect.stringContaining('script bug') } },
    });
  });

  it('streams thinking and citations that the SDK assembles as the real API sends them', async () => {
    const client = await clientFor(() => ({
      blocks: [
        { type: 'thinking', thinking: 'First I think.' },
        { type: 'text', text: 'Then I cite.', citations: [{ url: 'https://example.com', title: 'Example' }] },
      ],
    }));
    const stream = client.messages.stream({ ...question, max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1024 } });
    const thinking: string[] = [];
    stream.on('thinking', (delta) => thinking.push(delta));
    const message = await stream.finalMessage();
    expect(thinking).toEqual(['First ', 'I ', 'think.']);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'First I think.', signature: scriptedSignature('First I think.') },
      {
        type: 'text',
        text: 'Then I cite.',
        citations: [expect.objectContaining({ type: 'web_search_result_location', url: 'https://example.com', title: 'Example' })],
      },
    ]);
  });

  it('refuses thinking blocks sent back altered, or missing from a tool-use round, as the real API does', async () => {
    const client = await clientFor(() => ({ blocks: [{ type: 'text', text: 'ok' }] }));
    const thinking = { type: 'enabled' as const, budget_tokens: 1024 };
    const toolRound = (first: Anthropic.ContentBlockParam[]) =>
      client.messages.create({
        model: 'scripted',
        max_tokens: 2048,
        thinking,
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: [...first, { type: 'tool_use', id: 't1', name: 'glob', input: {} }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'x' }] },
        ],
      });
    const signed = { type: 'thinking' as const, thinking: 'Hmm.', signature: scriptedSignature('Hmm.') };
    await expect(toolRound([signed])).resolves.toMatchObject({ content: [{ text: 'ok' }] });
    await expect(toolRound([{ ...signed, thinking: 'Changed.' }])).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Invalid `signature` in `thinking` block'),
    });
    await expect(toolRound([])).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('a final `assistant` message must start with a thinking block'),
    });
    await expect(client.messages.create({ ...question, max_tokens: 1024, thinking })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('`max_tokens` must be greater than `thinking.budget_tokens`'),
    });
  });

  it('can fail mid-stream with an error event', async () => {
    const client = await clientFor(() => ({
      blocks: [{ type: 'text', text: 'one two three' }],
      streamError: { afterDeltas: 1, type: 'overloaded_error', message: 'Overloaded' },
    }));
    const stream = client.messages.stream(question);
    const received: string[] = [];
    stream.on('text', (delta) => received.push(delta));
    await expect(stream.finalMessage()).rejects.toMatchObject({ error: { error: { type: 'overloaded_error' } } });
    expect(received).toEqual(['one ']);
  });

  it('can break the connection mid-stream', async () => {
    const client = await clientFor(() => ({
      blocks: [{ type: 'text', text: 'this answer never finishes' }],
      breakConnectionAfterDeltas: 2,
    }));
    const stream = client.messages.stream(question);
    const received: string[] = [];
    stream.on('text', (delta) => received.push(delta));
    await expect(stream.finalMessage()).rejects.toThrow();
    expect(received).toEqual(['this ', 'answer ']);
  });

  it('stops producing when the client aborts', async () => {
    const serverSawDisconnect = createGate();
    const deltasAsked: number[] = [];
    const client = await clientFor(() => ({
      blocks: [{ type: 'text', text: 'a b c d' }],
      beforeDelta: (index, disconnected) => {
        deltasAsked.push(index);
        if (index !== 1) return undefined;
        // Held until the client is gone, then released: the server must not write another delta.
        return new Promise<void>((resolve) =>
          disconnected.addEventListener('abort', () => {
            serverSawDisconnect.open();
            resolve();
          }),
        );
      },
    }));
    const controller = new AbortController();
    const stream = client.messages.stream(question, { signal: controller.signal });
    await new Promise<void>((resolve) => stream.on('text', () => resolve()));
    controller.abort();
    await expect(stream.finalMessage()).rejects.toThrow(Anthropic.APIUserAbortError);
    await serverSawDisconnect.promise;

    // A full request afterwards gives the released handler every chance to (wrongly) carry on.
    await client.messages.create(question);
    expect(deltasAsked).toEqual([0, 1]);
  });

  it('close() ends a stream a test still holds', async () => {
    const gate = createGate();
    const client = await clientFor(() => ({
      blocks: [{ type: 'text', text: 'held forever' }],
      beforeDelta: (index) => (index === 1 ? gate.promise : undefined),
    }));
    const stream = client.messages.stream(question);
    await new Promise<void>((resolve) => stream.on('text', () => resolve()));
    await server?.close();
    server = undefined;
    await expect(stream.finalMessage()).rejects.toThrow();
  });
});
