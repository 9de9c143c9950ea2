/**
 * The browser bench's baseline: a plain page with no framework that, on the same click, fetches
 * entries and renders every one of them naively into the DOM, and on the same Enter appends the
 * same streamed pieces at the same pace into its last message. It wears Baton's test ids, so the
 * same probes measure both pages.
 *
 * What it holds and how it applies pieces follow the address (`baselineAddress`), so that each of
 * the bench's figures compares like with like: the same entries as Baton holds (all of them, or
 * the newest page that Baton opens a thread with), and the pieces applied one by one or in the
 * batches of about a frame that Baton's page applies them in.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ThreadEntry } from '../lib/protocol/thread-model';

export interface BaselinePage {
  url: string;
  close(): Promise<void>;
}

export interface BaselineWork {
  /** The newest entries it fetches and renders on the click; all of them when absent. */
  entries?: number;
  /** Pieces waiting this long are appended together (Baton's page batches them so); one by one when absent. */
  batchMs?: number;
}

/** The page's address doing `work`. */
export function baselineAddress(page: BaselinePage, work: BaselineWork): string {
  const query = new URLSearchParams();
  if (work.entries !== undefined) query.set('entries', String(work.entries));
  if (work.batchMs !== undefined) query.set('batch', String(work.batchMs));
  return `${page.url}?${query}`;
}

/** What a row's baseline does, in words; `streams`: the row measures a streamed answer. */
export function describeBaselineWork(work: BaselineWork, total: number, streams: boolean): string {
  const entries =
    work.entries === undefined
      ? `all ${total.toLocaleString('en')} entries in the DOM`
      : work.entries === 0
        ? 'no entries (a fresh thread)'
        : `the newest ${work.entries} entries in the DOM`;
  const pieces = !streams
    ? ''
    : work.batchMs === undefined
      ? ', each piece appended as it arrives'
      : `, the pieces appended in ${work.batchMs} ms batches`;
  return `a plain page (no framework, no virtualisation): ${entries}${pieces}`;
}

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>baseline</title>
<style>
  body { margin: 0; font: 14px/1.5 sans-serif; display: flex; height: 100vh; }
  nav { width: 240px; } main { flex: 1; display: flex; flex-direction: column; min-width: 0; }
  [data-testid=chat-entries] { flex: 1; overflow: auto; padding: 0 16px; }
  pre { background: #f4f4f4; padding: 8px; white-space: pre-wrap; }
  .added { color: green; } .removed { color: #a00; }
</style></head>
<body>
<nav><button data-testid="thread-item">A long session</button></nav>
<main><div data-testid="chat-entries"></div><textarea data-testid="composer-input"></textarea></main>
<script>
const list = document.querySelector('[data-testid=chat-entries]');
function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}
function render(entry) {
  if (entry.type === 'message') {
    const node = element('div', undefined, 'message');
    for (const block of entry.chunks.map((chunk) => chunk.chunk).join('').split('\\n\\n')) node.append(element('p', block));
    return node;
  }
  const card = element('article', undefined, 'tool-call');
  card.append(element('header', entry.name + ' ' + (entry.summary || '') + ' ' + entry.status));
  if (entry.details) {
    const pre = element('pre');
    for (const line of entry.details.diff.split('\\n')) {
      pre.append(element('span', line + '\\n', line.startsWith('+') ? 'added' : line.startsWith('-') ? 'removed' : ''));
    }
    card.append(pre);
  }
  card.append(element('div', entry.outputText || ''));
  return card;
}
const work = new URLSearchParams(location.search);
document.querySelector('[data-testid=thread-item]').addEventListener('click', async () => {
  const entries = await (await fetch('/entries.json?' + work)).json();
  const fragment = document.createDocumentFragment();
  for (const entry of entries) fragment.append(render(entry));
  list.replaceChildren(fragment);
  list.scrollTop = list.scrollHeight;
});
document.querySelector('[data-testid=composer-input]').addEventListener('keydown', (event) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const answer = element('p');
  const text = document.createTextNode('');
  answer.append(text);
  list.append(element('div', event.target.value, 'message'), answer);
  const batchMs = work.has('batch') ? Number(work.get('batch')) : null;
  let waiting = '';
  let timer = null;
  const apply = () => {
    timer = null;
    text.appendData(waiting);
    waiting = '';
    list.scrollTop = list.scrollHeight;
  };
  const stream = new EventSource('/stream');
  stream.onmessage = (message) => {
    waiting += JSON.parse(message.data);
    if (batchMs === null) apply();
    else timer ??= setTimeout(apply, batchMs);
  };
  stream.addEventListener('end', () => stream.close());
});
</script></body></html>`;

/**
 * Serves the page, the entries and the stream: the pieces `answer()` gives at the time (each run
 * its own), `gapMs` apart, as the scripted model paces them.
 */
export async function startBaselinePage(
  entries: readonly ThreadEntry[],
  answer: () => readonly string[],
  gapMs: number,
): Promise<BaselinePage> {
  const server: Server = createServer((request, response) => {
    const address = new URL(request.url ?? '/', 'http://baseline');
    if (address.pathname === '/entries.json') {
      const newest = address.searchParams.has('entries') ? Number(address.searchParams.get('entries')) : entries.length;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(entries.slice(entries.length - newest)));
    } else if (address.pathname === '/stream') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      void (async () => {
        for (const [index, piece] of answer().entries()) {
          if (response.destroyed) return;
          if (index > 0) await sleep(gapMs);
          response.write(`data: ${JSON.stringify(piece)}\n\n`);
        }
        response.end('event: end\ndata: {}\n\n');
      })();
    } else {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
