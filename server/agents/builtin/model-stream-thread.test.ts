import { spawn } from 'node:child_process';
import { getEventListeners, once } from 'node:events';
import { createServer } from 'node:net';
import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ScriptedModelServer, startScriptedModelServer } from '../../demo-model/scripted-model-server';
import type { ModelScript } from '../../demo-model/scripted-reply';
import { createGate } from '../../demo-model/testing/gate';
import { loadAnthropicSdk } from './anthropic-sdk';
import { modelFailure } from './model-failure';
import { ModelAnswer, ModelStreamThread, type ModelStreamThreadOptions } from './model-stream-thread';

const DYING_WORKER = new URL('./testing/dying-model-worker.mjs', import.meta.url);

let server: ScriptedModelServer | undefined;
let thread: ModelStreamThread | undefined;

afterEach(async () => {
  thread?.close();
  thread = undefined;
  await server?.close();
  server = undefined;
});

async function threadFor(script: ModelScript, options: ModelStreamThreadOptions = {}): Promise<ModelStreamThread> {
  server = await startScriptedModelServer({ script });
  thread = new ModelStreamThread({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 }, options);
  return thread;
}

function question(model = 'scripted'): Anthropic.MessageStreamParams {
  return { model, max_tokens: 256, messages: [{ role: 'user', content: 'Hi' }] };
}

interface Read {
  text: string;
  types: string[];
  failure?: unknown;
}

/** Everything an answer gives, once it has ended or failed. */
function readAll(answer: ModelAnswer): Promise<Read> {
  const read: Read = { text: '', types: [] };
  return new Promise((resolve) =>
    answer.listen({
      event(event) {
        read.types.push(event.type);
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') read.text += event.delta.text;
      },
      text(_index, text) {
        read.types.push('content_block_delta');
        read.text += text;
      },
      fail(error) {
        read.failure = error;
        resolve(read);
      },
      end: () => resolve(read),
    }),
  );
}

describe('ModelStreamThread', () => {
  it("gives an answer's events in order, then its final message", async () => {
    const words = Array.from({ length: 600 }, (_, index) => `word${index}`).join(' ');
    const model = await threadFor(() => ({ blocks: [{ type: 'text', text: words }] }));
    const answer = model.stream(question(), { signal: new AbortController().signal });
    const read = await readAll(answer);
    expect(read.failure).toBeUndefined();
    expect(read.text).toBe(words);
    expect(read.types[0]).toBe('message_start');
    expect(read.types.at(-1)).toBe('message_stop');
    const message = await answer.finalMessage();
    expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: words })]);
    expect(message.stop_reason).toBe('end_turn');
  });

  it('tells each text piece with the block it belongs to, after thinking and a tool call', async () => {
    const model = await threadFor(() => ({
      blocks: [
        { type: 'thinking', thinking: 'first a thought' },
        { type: 'text', text: 'then some words' },
        { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a.txt' } },
        { type: 'text', text: 'and more words' },
      ],
      stopReason: 'tool_use',
    }));
    const texts = new Map<number, string>();
    const starts: number[] = [];
    const answer = model.stream(question(), { signal: new AbortController().signal });
    await new Promise<void>((resolve, reject) =>
      answer.listen({
        event(event) {
          if (event.type === 'content_block_start') starts.push(event.index);
          if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
            texts.set(event.index, (texts.get(event.index) ?? '') + event.delta.text);
        },
        text: (index, text) => texts.set(index, (texts.get(index) ?? '') + text),
        fail: reject,
        end: resolve,
      }),
    );
    expect(starts).toEqual([0, 1, 2, 3]);
    expect(Object.fromEntries(texts)).toEqual({ 1: 'then some words', 3: 'and more words' });
  });

  it('gives a bare text piece from the worker the index of the last event that named one', () => {
    const answer = new ModelAnswer(() => undefined, new AbortController().signal);
    const told: string[] = [];
    answer.listen({
      event: (event) => told.push('index' in event ? `${event.type}@${event.index}` : event.type),
      text: (index, text) => told.push(`${text}@${index}`),
      fail: () => undefined,
      end: () => undefined,
    });
    const start = (index: number) =>
      ({ type: 'content_block_start', index, content_block: { type: 'text', text: '', citations: null } }) as const;
    const otherBlock = { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'late' } } as const;
    answer.receive([start(0), 'a', start(1), 'b', otherBlock, 'c', { type: 'content_block_stop', index: 0 }]);
    expect(told).toEqual([
      'content_block_start@0',
      'a@0',
      'content_block_start@1',
      'b@1',
      'content_block_delta@0',
      'c@0',
      'content_block_stop@0',
    ]);
  });

  it("leaves no listener on the turn's signal once its answers are done", async () => {
    const model = await threadFor(() => ({ blocks: [{ type: 'text', text: 'Hello there' }] }));
    const turn = new AbortController();
    const before = getEventListeners(turn.signal, 'abort').length;
    for (let request = 0; request < 3; request += 1) {
      const answer = model.stream(question(), { signal: turn.signal });
      await readAll(answer);
      await answer.finalMessage();
    }
    expect(getEventListeners(turn.signal, 'abort')).toHaveLength(before);
  });

  it('fails a refused request with the SDK error of its status, body and headers', async () => {
    const model = await threadFor(() => ({ error: { status: 429, type: 'rate_limit_error', message: 'Slow down' } }));
    const answer = model.stream(question(), { signal: new AbortController().signal });
    const read = await readAll(answer);
    const sdk = await loadAnthropicSdk();
    expect(read.failure).toBeInstanceOf(sdk.RateLimitError);
    const error = read.failure as InstanceType<typeof sdk.RateLimitError>;
    expect(error.status).toBe(429);
    expect(error.error).toMatchObject({ error: { type: 'rate_limit_error', message: 'Slow down' } });
    expect(error.headers?.get('x-should-retry')).toBe('false');
    await expect(answer.finalMessage()).rejects.toBe(error);
    expect(modelFailure(error, { endpoint: 'x', model: 'scripted' }, sdk).code).toBe('model-rate-limited');
  });

  it('fails an error event in the middle of the answer as the SDK does, after the pieces before it', async () => {
    const model = await threadFor(() => ({
      blocks: [{ type: 'text', text: 'one two three four' }],
      streamError: { afterDeltas: 2, type: 'overloaded_error', message: 'Overloaded' },
    }));
    const read = await readAll(model.stream(question(), { signal: new AbortController().signal }));
    const sdk = await loadAnthropicSdk();
    expect(read.text).toBe('one two ');
    expect(read.failure).toBeInstanceOf(sdk.APIError);
    expect(modelFailure(read.failure, { endpoint: 'x', model: 'scripted' }, sdk).code).toBe('model-overloaded');
  });

  it('fails a request to a closed port as a refused connection', async () => {
    const port = await closedPort();
    thread = new ModelStreamThread({ apiKey: 'test-key', baseURL: `http://127.0.0.1:${port}`, maxRetries: 0 });
    const read = await readAll(thread.stream(question(), { signal: new AbortController().signal }));
    const sdk = await loadAnthropicSdk();
    expect(read.failure).toBeInstanceOf(sdk.APIConnectionError);
    const failure = modelFailure(read.failure, { endpoint: `http://127.0.0.1:${port}`, model: 'scripted' }, sdk);
    expect(failure.code).toBe('model-unreachable');
    expect(failure.message).toContain('connection refused');
  });

  it("closes the model's connection when the turn is stopped", async () => {
    let disconnected: AbortSignal | undefined;
    const model = await threadFor((_request, context) => {
      disconnected = context?.signal;
      return {
        blocks: [{ type: 'text', text: 'one two three four' }],
        // Held after two pieces until the client goes.
        beforeDelta: (index, signal) =>
          index < 2 ? undefined : new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())),
      };
    });
    const turn = new AbortController();
    const answer = model.stream(question(), { signal: turn.signal });
    let text = '';
    const failure = await new Promise<unknown>((resolve) =>
      answer.listen({
        event: () => undefined,
        text(_index, piece) {
          text += piece;
          // The user stops the turn once the first two pieces are on the screen.
          if (text === 'one two ') turn.abort();
        },
        fail: resolve,
        end: () => resolve(undefined),
      }),
    );
    expect(failure).toMatchObject({ name: 'AbortError', message: 'The answer was stopped.' });
    expect(text).toBe('one two ');
    await expect(answer.finalMessage()).rejects.toBe(failure);
    const connection = disconnected as AbortSignal;
    if (!connection.aborted) await new Promise((resolve) => connection.addEventListener('abort', resolve));
    expect(connection.aborted).toBe(true);
  });

  it('fails the answers under way when the thread dies, and starts it again for the next one', async () => {
    const model = await threadFor(() => ({ blocks: [{ type: 'text', text: 'Still here' }] }), { workerScript: DYING_WORKER });
    const signal = new AbortController().signal;
    const dead = await readAll(model.stream(question('die'), { signal }));
    expect(String(dead.failure)).toContain('The model thread ended unexpectedly (exit code 3)');
    const next = await readAll(model.stream(question(), { signal }));
    expect(next.failure).toBeUndefined();
    expect(next.text).toBe('Still here');
  });

  it('starts its worker when prepared, ends it once idle, and answers the next request with another', async () => {
    const model = await threadFor(() => ({ blocks: [{ type: 'text', text: 'Back again' }] }), { idleEndMs: 200 });
    expect(model.isRunning).toBe(false);
    model.prepare();
    expect(model.isRunning).toBe(true);
    await vi.waitFor(() => expect(model.isRunning).toBe(false), { timeout: 60_000, interval: 50 });
    const read = await readAll(model.stream(question(), { signal: new AbortController().signal }));
    expect(read.failure).toBeUndefined();
    expect(read.text).toBe('Back again');
    await vi.waitFor(() => expect(model.isRunning).toBe(false), { timeout: 60_000, interval: 50 });
  });

  it('lets the process exit while a prepared worker waits for a request', async () => {
    const moduleUrl = new URL('./model-stream-thread.ts', import.meta.url).href;
    const program = `import { ModelStreamThread } from ${JSON.stringify(moduleUrl)};
      new ModelStreamThread({ apiKey: 'k', baseURL: 'http://127.0.0.1:9', maxRetries: 0 }).prepare();
      console.log('prepared');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', program], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(output.trim()).toBe('prepared');
    expect(code).toBe(0);
  });

  it('keeps its worker while an answer runs longer than the idle wait', async () => {
    const held = createGate();
    const release = createGate();
    const model = await threadFor(
      () => ({
        blocks: [{ type: 'text', text: 'slow answer' }],
        beforeDelta: (index) => {
          if (index !== 1) return undefined;
          held.open();
          return release.promise;
        },
      }),
      { idleEndMs: 50 },
    );
    model.prepare();
    const reading = readAll(model.stream(question(), { signal: new AbortController().signal }));
    await held.promise;
    // Several idle waits go by with the answer held: the worker that reads it must not end.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(model.isRunning).toBe(true);
    release.open();
    const read = await reading;
    expect(read.failure).toBeUndefined();
    expect(read.text).toBe('slow answer');
  });

  it('fails an answer under way when it is closed, and every later one', async () => {
    const held = createGate();
    const model = await threadFor(() => ({
      blocks: [{ type: 'text', text: 'one two three' }],
      beforeDelta: (index) => {
        if (index !== 1) return undefined;
        held.open();
        return new Promise<void>(() => undefined);
      },
    }));
    const signal = new AbortController().signal;
    const reading = readAll(model.stream(question(), { signal }));
    await held.promise;
    model.close();
    expect(String((await reading).failure)).toContain('The model thread was closed.');
    expect(String((await readAll(model.stream(question(), { signal }))).failure)).toContain('The model thread was closed.');
  });
});

/** A loopback port nothing listens on (one that was just free). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
