// The body of the worker thread that reads the model's answers (see model-stream-thread.ts): the
// SDK's `messages.stream`, its HTTP and its event parsing run here, so the relay's own thread only
// records and sends what arrives. Plain JavaScript, so Node runs it as it is, with no TypeScript
// loader in the worker; started with an empty environment (the client's options come in
// `workerData`), so no secret of the relay's is in reach here. The SDK is imported from where
// `workerData.sdkModule` says: its one-file bundle when there is one (anthropic-sdk-bundle.mjs).
//
// In: { type: 'request', id, params } and { type: 'abort', id }.
// Out, per answer: { id, events } (in order, as many messages as it takes; `events` is the JSON text
// of an array of the SDK's stream events: the relay's thread parses JSON in about half the time
// it takes to read the same array structured-cloned; a text piece goes as its bare text, see
// `wireEvent`), then one of
// { id, message } (the final message) or { id, failure } (the error as data, failureOf below); nothing
// more once the relay asked for the abort.
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * Events go out one message per turn of this thread's event loop: a fast stream's one read parses
 * hundreds of events, and a message each would cost the relay's thread more to take than the
 * events themselves. This many pending go out at once, so the relay's thread is never kept waiting
 * for the rest of a very long read.
 */
const MAX_EVENTS_PER_MESSAGE = 512;
/** As the relay's own (server/relay/idle-collection.ts says why): collected once idle, if grown. */
const IDLE_COLLECTION_DELAY_MS = 300;
const GROWTH_BEFORE_COLLECTION_BYTES = 3 * 1024 * 1024;

const { default: Anthropic } = await import(workerData.sdkModule ?? '@anthropic-ai/sdk');
const client = new Anthropic(workerData.clientOptions);
// Node loads its fetch (undici) at the first call: done now, while the user types the prompt the
// worker was started for, not in the first answer's way. A data: URL goes to no network.
fetch('data:,').then(
  (response) => response.arrayBuffer(),
  () => undefined,
);
/** The answers under way, by id. */
const answers = new Map();

parentPort.on('message', (message) => {
  if (message.type === 'request') startAnswer(message.id, message.params);
  else if (message.type === 'abort') answers.get(message.id)?.controller.abort();
});

function startAnswer(id, params) {
  idleCollection.busy();
  const controller = new AbortController();
  const answer = { controller, pending: [], flushScheduled: false, answering: false, blockIndex: undefined };
  answers.set(id, answer);
  const flush = () => {
    answer.flushScheduled = false;
    if (answer.pending.length === 0) return;
    parentPort.postMessage({ id, events: JSON.stringify(answer.pending) });
    answer.pending = [];
  };
  const stream = client.messages.stream(params, { signal: controller.signal });
  stream.on('streamEvent', (event) => {
    answer.pending.push(wireEvent(answer, event));
    // What comes before the answer's first piece, and that piece, go at once: the first piece's
    // latency is what a user feels most; after it, batching is what keeps a fast stream cheap.
    const beforeFirstPiece = !answer.answering;
    if (event.type === 'content_block_delta') answer.answering = true;
    if (beforeFirstPiece || answer.pending.length >= MAX_EVENTS_PER_MESSAGE) flush();
    else if (!answer.flushScheduled) {
      answer.flushScheduled = true;
      setImmediate(flush);
    }
  });
  const settle = (outcome) => {
    answers.delete(id);
    // An aborted answer was ended by the relay when it asked for the abort: nothing more goes to it.
    if (!controller.signal.aborted) {
      flush();
      parentPort.postMessage({ id, ...outcome });
    }
    if (answers.size === 0) idleCollection.idle();
  };
  stream.finalMessage().then(
    (message) => settle({ message }),
    (error) => settle({ failure: failureOf(error) }),
  );
}

/**
 * The event as it goes out: a text piece of the block the last event with an index named (as a text
 * block's pieces follow its start) as its bare text string, anything else as it is. A fast answer
 * is nearly all text pieces, and their events' JSON, ten times the text's, cost more to write here
 * and to parse in the relay's thread (three objects a piece there) than the rest of the handoff;
 * model-stream-thread.ts reads them back as its listener's `text`.
 */
function wireEvent(answer, event) {
  if (event.type === 'content_block_delta' && event.delta.type === 'text_delta' && event.index === answer.blockIndex)
    return event.delta.text;
  if (typeof event.index === 'number') answer.blockIndex = event.index;
  return event;
}

/** An error as data a message can carry; model-stream-failure.ts makes the SDK's error of it again. */
function failureOf(error) {
  const base = { message: error instanceof Error ? error.message : String(error), cause: causeOf(error?.cause) };
  if (error instanceof Anthropic.APIConnectionTimeoutError) return { kind: 'timeout', ...base };
  if (error instanceof Anthropic.APIConnectionError) return { kind: 'connection', ...base };
  if (error instanceof Anthropic.APIError) {
    const headers = error.headers ? Object.fromEntries(error.headers.entries()) : undefined;
    return { kind: 'api', ...base, status: error.status, body: error.error, headers, type: error.type ?? undefined };
  }
  return { kind: 'other', ...base, name: error?.name, code: codeOf(error) };
}

/** The chain of causes, each with its name, message and system code (ECONNREFUSED...), which tell a failure's reason. */
function causeOf(cause, depth = 0) {
  if (cause === undefined || cause === null || depth > 8) return undefined;
  if (!(cause instanceof Error)) return { name: 'Error', message: String(cause) };
  return { name: cause.name, message: cause.message, code: codeOf(cause), cause: causeOf(cause.cause, depth + 1) };
}

function codeOf(error) {
  return typeof error?.code === 'string' ? error.code : undefined;
}

/**
 * This thread's heap holds every request's whole conversation for as long as the request runs; left
 * to V8, a major collection falls inside some later answer and holds its first piece back.
 */
const idleCollection = {
  timer: undefined,
  collectedSize: oldGenerationUsed(),
  collect: fullCollection(),
  busy() {
    clearTimeout(this.timer);
    this.timer = undefined;
  },
  idle() {
    this.busy();
    if (this.collect === undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const used = oldGenerationUsed();
      if (used < this.collectedSize) this.collectedSize = used;
      if (used - this.collectedSize < GROWTH_BEFORE_COLLECTION_BYTES) return;
      this.collect();
      this.collectedSize = oldGenerationUsed();
    }, IDLE_COLLECTION_DELAY_MS);
    this.timer.unref();
  },
};

function oldGenerationUsed() {
  let used = 0;
  for (const space of getHeapSpaceStatistics()) if (!space.space_name.startsWith('new_')) used += space.space_used_size;
  return used;
}

/** V8's full collection without --expose-gc for the thread (as server/relay/idle-collection.ts). */
function fullCollection() {
  try {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc');
    return typeof collect === 'function' ? collect : undefined;
  } catch {
    return undefined;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
