/** Without the launch token nothing is served: not the page, not the socket; other pages get nowhere. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { connectScriptClient } from '../server/relay/script-client';
import { makeTempFolder, type RelayProcess, startRelayProcess } from './support/relay-process';

let relay: RelayProcess;
let workspace: Awaited<ReturnType<typeof makeTempFolder>>;

test.beforeAll(async () => {
  workspace = await makeTempFolder('access');
  relay = await startRelayProcess({ workspaceRoot: workspace.path, dataDir: `${workspace.path}/.baton` });
});

test.afterAll(async () => {
  await relay.stop();
  await workspace.remove();
});

test('the relay listens on loopback and prints a URL with a token', () => {
  expect(relay.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{40,}$/);
});

test('the page is refused without the token and with a wrong one', async ({ request }) => {
  const bare = await request.get(relay.origin + '/', { maxRedirects: 0 });
  expect(bare.status()).toBe(401);
  const wrong = await request.get(`${relay.origin}/?token=not-the-token`, { maxRedirects: 0 });
  expect(wrong.status()).toBe(401);
  expect(await wrong.text()).not.toContain('<html');
});

test('a request naming another host is refused (DNS rebinding)', async ({ request }) => {
  const response = await request.get(relay.url, { headers: { Host: 'evil.example' }, maxRedirects: 0 });
  expect(response.status()).toBe(403);
});

test('the token URL trades the token for a cookie and drops it from the address bar', async ({ page }) => {
  await page.goto(relay.url);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);
  await page.reload();
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');
});

test('a script’s handshake is refused without the token or without an Origin; with both, JSON-RPC works', async () => {
  expect(await connectSocket(connectScriptClient(relay.origin, undefined))).toMatchObject({ connected: false });
  expect(await connectSocket(connectScriptClient(relay.origin, 'wrong'))).toMatchObject({ connected: false });
  // A program that names no Origin is refused, token or not: see "Security" in the README.
  const noOrigin = connectScriptClient(relay.origin, relay.token, { extraHeaders: { origin: '' } });
  expect(await connectSocket(noOrigin)).toMatchObject({ connected: false });
  const accepted = await connectSocket(connectScriptClient(relay.origin, relay.token));
  expect(accepted).toEqual({ connected: true, threads: [] });
});

test('a page on another local port cannot open the socket, though the browser sends it the cookie', async ({ page }) => {
  // The cookie is SameSite=Strict, but every port of 127.0.0.1 is the same site: only the Origin check stands here.
  await page.goto(relay.url);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');
  const socketUrl = `${relay.origin.replace('http:', 'ws:')}/socket.io/?EIO=4&transport=websocket`;
  const other = await serveOnce(`<!doctype html><title>waiting</title><script>
    const socket = new WebSocket(${JSON.stringify(socketUrl)});
    socket.onopen = () => { document.title = 'opened'; };
    socket.onerror = () => { document.title = 'refused'; };
  </script>`);
  try {
    await page.goto(other.url);
    await expect(page).toHaveTitle('refused');
  } finally {
    await other.close();
  }
});

test('the relay never writes the token to its log', () => {
  expect(relay.stderr()).not.toContain(relay.token);
});

async function connectSocket(socket: ReturnType<typeof connectScriptClient>) {
  try {
    return await new Promise<{ connected: boolean; error?: string; threads?: unknown[] }>((resolve) => {
      socket.once('connect_error', (error) => resolve({ connected: false, error: error.message }));
      socket.once('connect', () => {
        socket.once('rpc', (message: { result?: { threads: unknown[] } }) =>
          resolve({ connected: true, threads: message.result?.threads }),
        );
        socket.emit('rpc', { jsonrpc: '2.0', id: 1, method: 'getThreads', params: null });
      });
    });
  } finally {
    socket.close();
  }
}

/** Another origin on this machine: a server on another loopback port that serves one page. */
async function serveOnce(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
