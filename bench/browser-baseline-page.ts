/**
 * The browser bench's baseline: a plain page with no framework that, on the same click, fetches the
 * same entries and renders every one of them naively into the DOM, and on the same Enter appends
 * the same streamed pieces at the same pace into its last message. It wears Baton's test ids, so
 * the same probes measure both pages.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ThreadEntry } from '../lib/protocol/acp-threads';

export interface BaselinePage {
  url: string;
  close(): Promise<void>;
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
document.querySelector('[data-testid=thread-item]').addEventListener('click', async () => {
  const entries = await (await fetch('/entries.json')).json();
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
  const stream = new EventSource('/stream');
  stream.onmessage = (message) => {
    text.appendData(JSON.parse(message.data));
    list.scrollTop = list.scrollHeight;
  };
  stream.addEventListener('end', () => stream.close());
});
</script></body></html>`;

/**
 * Serves the page, the entries and the stream: the pieces `answer()` gives at the time (each run
 * its own), `gapMs` apart, as the scripted model paces them.
 */
export async function startBaselinePage(entries: readonly ThreadEntry[], answer: () => readonly string[], gapMs: number): Promise<BaselinePage> {
  const entriesJson = JSON.stringify(entries);
  const server: Server = createServer((request, response) => {
    if (request.url === '/entries.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(entriesJson);
    } else if (request.url === '/stream') {
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
