/**
 * Highlights code in a worker (highlight-worker.ts), one for the page, started on first use: the
 * first code in a grammar compiles the grammar's regular expressions, 50 ms and more in one go
 * that no chunking of the lines can split, and on the main thread that held up every opening of a
 * thread with code in it. Where no worker runs (no build of it, a browser or a policy that refuses
 * it), the code is highlighted on the main thread instead: slower to open, never left plain.
 */
import type { HighlightedLines } from './highlight-code';
import type { HighlightReply, HighlightRequest } from './highlight-messages';

interface Waiting {
  code: string;
  grammar: string;
  signal: AbortSignal | undefined;
  resolve(lines: HighlightedLines | undefined): void;
  reject(error: Error): void;
}

const WORKER_ADDRESS = 'highlight-worker/highlight-worker.js';

/** undefined: not started yet; null: no worker can run here. */
let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, Waiting>();

/** The code's tokens, line by line; undefined when `signal` aborts first. */
export function highlightOffThread(code: string, grammar: string, signal?: AbortSignal): Promise<HighlightedLines | undefined> {
  const highlighter = startedWorker();
  if (!highlighter) return highlightOnMainThread(code, grammar, signal);
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    waiting.set(id, { code, grammar, signal, resolve, reject });
    signal?.addEventListener(
      'abort',
      () => {
        if (!waiting.delete(id)) return;
        send({ type: 'cancel', id });
        resolve(undefined);
      },
      { once: true },
    );
    send({ type: 'highlight', id, code, grammar });
  });
}

function startedWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    // Beside the page, from the UI build (scripts/build-highlight-worker.mjs writes it there); the
    // page's <base> is the app's root, behind a proxy's path prefix too.
    worker = new Worker(new URL(WORKER_ADDRESS, document.baseURI), { type: 'module', name: 'baton-highlight' });
  } catch (error) {
    console.warn('Highlighting on the main thread: no worker could start.', error);
    worker = null;
    return worker;
  }
  worker.onmessage = ({ data: reply }: MessageEvent<HighlightReply>) => {
    const request = waiting.get(reply.id);
    if (!request) return;
    waiting.delete(reply.id);
    if (!('error' in reply)) return request.resolve(reply.lines);
    // A grammar the worker could not fetch or run: the main thread tries, and says why if it fails too.
    console.warn(`Highlighting on the main thread: the worker failed (${reply.error}).`);
    answerOnMainThread(request);
  };
  // The worker's script did not load or threw: what it had is done here instead.
  worker.onerror = (event) => {
    console.warn('Highlighting on the main thread: the worker failed.', event.message);
    worker?.terminate();
    worker = null;
    const left = [...waiting.values()];
    waiting.clear();
    for (const request of left) answerOnMainThread(request);
  };
  return worker;
}

function send(request: HighlightRequest): void {
  worker?.postMessage(request);
}

function answerOnMainThread(request: Waiting): void {
  highlightOnMainThread(request.code, request.grammar, request.signal).then(request.resolve, request.reject);
}

async function highlightOnMainThread(
  code: string,
  grammar: string,
  signal: AbortSignal | undefined,
): Promise<HighlightedLines | undefined> {
  const { highlightCode } = await import('./highlight-code');
  return highlightCode(code, grammar, signal);
}
