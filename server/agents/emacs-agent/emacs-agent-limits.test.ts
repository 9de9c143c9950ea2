/**
 * A hostile Emacs-Agent backend on a real loopback port: an event that never ends, an answer
 * that never ends, and a redirect to another local port. Each ends in an error that says what the
 * backend did; Baton reads no more than its bound (the backend counts what it could write before
 * Baton stopped reading); the other port never hears of the request.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { AgentUnavailableError } from '../agent-backend';
import { EmacsAgentClient, EmacsAgentRequestError, MAX_ANSWER_BYTES } from './emacs-agent-client';
import { SessionEventStream } from './session-event-stream';
import { MAX_SSE_EVENT_CHARS } from './sse-parser';

/** What the loopback connection may hold besides what Baton read: socket buffers on both ends. */
const IN_FLIGHT_BYTES = 16 * 1024 * 1024;

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function listen(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer(handle);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Writes `piece` until the reader goes away, as fast as it reads (waiting on the socket when it
 * is full); resolves with the bytes written by then.
 */
function writeForever(response: ServerResponse, piece: string): Promise<number> {
  return new Promise((resolve) => {
    let written = 0;
    response.once('close', () => resolve(written));
    const write = () => {
      while (!response.destroyed) {
        written += Buffer.byteLength(piece);
        if (!response.write(piece)) return void response.once('drain', write);
      }
    };
    write();
  });
}

const client = (url: string) => new EmacsAgentClient({ url: `${url}/api`, name: 'hostile', requestTimeoutMs: 60_000 });

it('refuses an answer larger than its bound while it streams, reading no more than the bound', async () => {
  let written: Promise<number> | undefined;
  const url = await listen((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    written = writeForever(response, `[${'0,'.repeat(32 * 1024)}`);
  });
  const error = await client(url)
    .call('createSession', { body: { project_path: '/tmp' } })
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(EmacsAgentRequestError);
  expect((error as Error).message).toBe(
    `The Emacs-Agent backend "hostile" (${url}) answered POST /api/sessions with a body larger than ${MAX_ANSWER_BYTES} bytes; it was not read.`,
  );
  expect(await written).toBeLessThan(MAX_ANSWER_BYTES + IN_FLIGHT_BYTES);
});

it('fails the event stream on an event that never ends, reading no more than the bound', async () => {
  let written: Promise<number> | undefined;
  let streamsOpened = 0;
  const url = await listen((request, response) => {
    if (request.method === 'POST') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ session_id: 's1', status: 'active', created_at: '2026-11-01T10:00:00Z' }));
      return;
    }
    streamsOpened += 1;
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    written = writeForever(response, `data: ${'x'.repeat(4096)}\n`);
  });
  const api = client(url);
  const { session_id: sessionId } = await api.call('createSession', { body: { project_path: '/tmp' } });
  const stream = await SessionEventStream.open({ client: api, sessionId, log: () => undefined });
  const error = await stream.next(new AbortController().signal).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AgentUnavailableError);
  expect((error as Error).message).toBe(
    `The Emacs-Agent backend "hostile" (${url}) sent an event-stream event longer than ${MAX_SSE_EVENT_CHARS} characters on the event stream of session s1; Baton stopped reading it.`,
  );
  expect(await written).toBeLessThan(MAX_SSE_EVENT_CHARS + IN_FLIGHT_BYTES);
  // Reopening would bring the same event again: the stream is not reopened.
  expect(streamsOpened).toBe(1);
});

it('follows no redirect: a 307 to another local port is an error, and that port hears nothing', async () => {
  const heardElsewhere: string[] = [];
  const elsewhere = await listen((request, response) => {
    heardElsewhere.push(`${request.method} ${request.url}`);
    response.end('{}');
  });
  const url = await listen((request, response) => {
    response.writeHead(307, { Location: `${elsewhere}${request.url}` });
    response.end();
  });
  const api = new EmacsAgentClient({ url: `${url}/api`, name: 'hostile', token: 'secret-token', requestTimeoutMs: 60_000 });
  const error = await api.call('createSession', { body: { project_path: '/tmp' } }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(EmacsAgentRequestError);
  expect((error as EmacsAgentRequestError).status).toBe(307);
  expect((error as Error).message).toBe(
    `The Emacs-Agent backend "hostile" (${url}) answered POST /api/sessions with 307 Temporary Redirect, a redirect to ${elsewhere}/api/sessions. Baton follows no redirect of an agent backend: set its url in config.json to where it serves.`,
  );
  await expect(api.openEvents('s1', '', new AbortController().signal)).rejects.toThrow(
    /answered GET \/api\/sessions\/s1\/events with 307 Temporary Redirect/,
  );
  expect(heardElsewhere).toEqual([]);
});
