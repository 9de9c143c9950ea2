/**
 * The model's answers read in a thread of their own: the SDK's HTTP, its parsing of the event
 * stream and its accumulation of the final message run in a worker (model-stream-worker.mjs), and
 * the relay's thread gets each answer's events a batch at a time. On one thread, reading a fast
 * answer and recording it took the whole of one core (CPU profiles of 5,000-piece answers at full
 * speed: the thread idle for 39 of 4,280 samples, the SDK and HTTP about half of the rest), so
 * pieces waited for the parse of the pieces after them; in two, the read and the recording overlap.
 *
 * One worker for an agent, started by `prepare()` (a tab opened one of the agent's threads) or by
 * the first request, and ended after WORKER_IDLE_END_MS with no answer, or by `close()`; it never
 * keeps the process alive by itself. Starting one (its isolate, the SDK, fetch) takes some 150 ms,
 * 280 without the SDK's one-file bundle (anthropic-sdk-bundle.mjs): begun when a thread is opened,
 * it is done while the user types the prompt; ended once idle, a relay at rest is the one thread
 * again (the worker holds 25 MiB, more after long threads).
 * A worker that dies fails the answers under way with a clear error, and the next request starts
 * another.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type Anthropic from '@anthropic-ai/sdk';
import { loadAnthropicSdk } from './anthropic-sdk';
import { type ModelStreamFailure, rebuiltFailure } from './model-stream-failure';
import type { ModelEventSource, ModelEventListener } from './stream-events';
import { releaseFreedMemory } from '../../process/memory-trim';
import { anthropicSdkModule } from './anthropic-sdk-bundle.mjs';

const MODEL_STREAM_WORKER = new URL('./model-stream-worker.mjs', import.meta.url);
/** Baton's own folder, where the SDK's bundle for the worker is built (anthropic-sdk-bundle.mjs). */
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** How long the worker stays with no answer under way (and none prepared for) before it ends. */
export const WORKER_IDLE_END_MS = 3 * 60_000;

/** The SDK client's options, made in the worker. */
export interface ModelClientOptions {
  apiKey: string;
  baseURL: string;
  maxRetries: number;
}

/**
 * What the worker sends; `events` is the JSON text of events, in order (model-stream-worker.mjs says
 * why), a text piece as its bare text (WireEvent).
 */
type WorkerMessage =
  | { id: number; events: string }
  | { id: number; message: Anthropic.Message }
  | { id: number; failure: ModelStreamFailure };

/** An event as the worker sends it: a string is a text_delta's text, in the block the last event with an index named. */
export type WireEvent = Anthropic.MessageStreamEvent | string;

type Outcome = { message: Anthropic.Message } | { error: Error };

export interface ModelStreamThreadOptions {
  /** The real worker unless a test needs one that dies on cue. */
  workerScript?: URL;
  /** WORKER_IDLE_END_MS unless a test needs it shorter. */
  idleEndMs?: number;
  /** What the worker imports the SDK from: its bundle when built (anthropicSdkModule), unless a test names one. */
  sdkModule?: string;
}

export class ModelStreamThread {
  #worker: Worker | undefined;
  readonly #answers = new Map<number, ModelAnswer>();
  #lastId = 0;
  #closed = false;
  #idleEnd: NodeJS.Timeout | undefined;

  constructor(
    private readonly clientOptions: ModelClientOptions,
    private readonly options: ModelStreamThreadOptions = {},
  ) {}

  /** True while a worker runs (started, or starting). */
  get isRunning(): boolean {
    return this.#worker !== undefined;
  }

  /** Starts the worker ahead of a request that is likely soon; it ends again if none comes. */
  prepare(): void {
    if (this.#closed) return;
    const worker = this.#running();
    if (this.#answers.size > 0) return;
    worker.unref();
    this.#endWhenIdle();
  }

  /** Starts one answer, as the SDK's `messages.stream(params, { signal })` does. */
  stream(params: Anthropic.MessageStreamParams, options: { signal: AbortSignal }): ModelAnswer {
    this.#lastId += 1;
    const id = this.#lastId;
    const answer = new ModelAnswer(() => {
      this.#worker?.postMessage({ type: 'abort', id });
      this.#forget(id);
    }, options.signal);
    if (this.#closed) {
      answer.settle({ error: new Error('The model thread was closed.') });
      return answer;
    }
    this.#answers.set(id, answer);
    const worker = this.#running();
    clearTimeout(this.#idleEnd);
    worker.ref();
    worker.postMessage({ type: 'request', id, params });
    return answer;
  }

  /** Ends the worker; answers under way fail. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#idleEnd);
    this.#failAll(new Error('The model thread was closed.'));
    this.#end();
  }

  #end(): void {
    // The worker's heap goes back to the allocator once it has exited, and to the system only when asked.
    void this.#worker?.terminate().then(releaseFreedMemory);
    this.#worker = undefined;
  }

  #endWhenIdle(): void {
    clearTimeout(this.#idleEnd);
    this.#idleEnd = setTimeout(() => {
      if (this.#answers.size === 0) this.#end();
    }, this.options.idleEndMs ?? WORKER_IDLE_END_MS);
    this.#idleEnd.unref();
  }

  #running(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(this.options.workerScript ?? MODEL_STREAM_WORKER, {
      workerData: { clientOptions: this.clientOptions, sdkModule: this.options.sdkModule ?? anthropicSdkModule(PROJECT_ROOT) },
      // Plain JavaScript: none of the process's flags (a TypeScript loader) is wanted in the worker.
      execArgv: [],
      // The key comes in workerData; nothing else of the relay's environment belongs in the worker.
      env: {},
    });
    let crash: Error | undefined;
    worker.on('message', (message: WorkerMessage) => this.#received(message));
    worker.on('error', (error) => (crash = error));
    worker.on('exit', (code) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      const why = crash ? `: ${crash.message}` : '';
      this.#failAll(new Error(`The model thread ended unexpectedly (exit code ${code})${why}.`));
    });
    this.#worker = worker;
    return worker;
  }

  #received(received: WorkerMessage): void {
    const answer = this.#answers.get(received.id);
    if (answer === undefined) return;
    if ('events' in received) {
      answer.receive(JSON.parse(received.events) as WireEvent[]);
      return;
    }
    this.#forget(received.id);
    if ('message' in received) answer.settle({ message: received.message });
    else {
      const failure = received.failure;
      void loadAnthropicSdk().then(
        (sdk) => answer.settle({ error: rebuiltFailure(failure, sdk) }),
        () => answer.settle({ error: new Error(failure.message) }),
      );
    }
  }

  #forget(id: number): void {
    this.#answers.delete(id);
    if (this.#answers.size > 0) return;
    this.#worker?.unref();
    this.#endWhenIdle();
  }

  #failAll(error: Error): void {
    const answers = [...this.#answers.values()];
    this.#answers.clear();
    for (const answer of answers) answer.settle({ error });
  }
}

/**
 * One answer under way: its events, in order, to one listener (StreamEventQueue), then its final
 * message or its failure, as the SDK's MessageStream gives them.
 */
export class ModelAnswer implements ModelEventSource {
  #listener: ModelEventListener | undefined;
  #outcome: Outcome | undefined;
  /** The block the last event with an index named: the one a bare text piece belongs to. */
  #blockIndex = 0;
  readonly #waiting: Array<(outcome: Outcome) => void> = [];
  readonly #onAbort = () => this.abort();

  constructor(
    private readonly requestAbort: () => void,
    private readonly signal: AbortSignal,
  ) {
    signal.addEventListener('abort', this.#onAbort, { once: true });
    if (signal.aborted) queueMicrotask(this.#onAbort);
  }

  /** Events arrive from the next turn of the event loop on, so listening right after `stream()` misses none. */
  listen(listener: ModelEventListener): void {
    this.#listener = listener;
    if (this.#outcome) this.#tell(listener, this.#outcome);
  }

  /**
   * Stops the answer: it fails at once with the standard AbortError, as an aborted `fetch` does, and
   * the worker aborts its request meanwhile. Waiting for the worker's word would make every Stop
   * (and a delete mid-turn) wait for a round trip, and for the SDK to load here to name the error.
   */
  abort(): void {
    if (this.#outcome !== undefined) return;
    this.requestAbort();
    this.settle({ error: new DOMException('The answer was stopped.', 'AbortError') });
  }

  finalMessage(): Promise<Anthropic.Message> {
    return new Promise((resolve, reject) => {
      const settle = (outcome: Outcome) => ('message' in outcome ? resolve(outcome.message) : reject(outcome.error));
      if (this.#outcome) settle(this.#outcome);
      else this.#waiting.push(settle);
    });
  }

  receive(events: readonly WireEvent[]): void {
    const listener = this.#listener;
    if (listener === undefined || this.#outcome !== undefined) return;
    for (const event of events) {
      if (typeof event === 'string') listener.text(this.#blockIndex, event);
      else {
        if ('index' in event) this.#blockIndex = event.index;
        listener.event(event);
      }
    }
  }

  settle(outcome: Outcome): void {
    if (this.#outcome) return;
    this.#outcome = outcome;
    this.signal.removeEventListener('abort', this.#onAbort);
    if (this.#listener) this.#tell(this.#listener, outcome);
    for (const settle of this.#waiting.splice(0)) settle(outcome);
  }

  #tell(listener: ModelEventListener, outcome: Outcome): void {
    if ('error' in outcome) listener.fail(outcome.error);
    else listener.end();
  }
}
