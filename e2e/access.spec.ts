/** Without the launch token nothing is served: not the page, not the socket. */
import { expect, test } from '@playwright/test';
import { io } from 'socket.io-client';
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

test('a socket.io handshake without the token is refused; with it, JSON-RPC works', async () => {
  const refused = await connectSocket(relay.origin, undefined);
  expect(refused).toEqual({ connected: false, error: 'unauthorized: a valid token is required' });
  const wrong = await connectSocket(relay.origin, 'wrong');
  expect(wrong.connected).toBe(false);
  const accepted = await connectSocket(relay.origin, relay.token);
  expect(accepted).toEqual({ connected: true, threads: [] });
});

async function connectSocket(origin: string, token: string | undefined) {
  const socket = io(origin, { auth: token ? { token } : {}, reconnection: false, transports: ['websocket'] });
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
