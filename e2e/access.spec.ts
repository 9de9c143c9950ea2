/**
 * Without the launch token nothing opens: the page says to open the printed URL and the socket is
 * refused; other pages get nowhere. The token lives in Baton's own origin's storage, never in a
 * cookie, so a server on another local port learns nothing and cannot lock the user out.
 */
import type { Page } from '@playwright/test';
import { connectScriptClient } from '../server/relay/script-client';
import { expect, test } from './fixtures/baton-test';
import { startOtherLocalServer } from './support/other-local-server';

// One relay for the file: no test changes what the next one meets. The offline demo: no model.
test.use({ relayScope: 'file', relayOptions: { offlineDemo: true } });

const status = (page: Page) => page.getByTestId('connection-status');

test('the relay listens on loopback and prints a URL with the token in its fragment', ({ relay }) => {
  expect(relay.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{40,}$/);
});

test('without the token, or with a wrong one, the page opens nothing and says to open the printed URL', async ({
  page,
  request,
  relay,
}) => {
  const bare = await request.get(`${relay.origin}/`, { maxRedirects: 0 });
  expect(bare.status()).toBe(200);
  expect(bare.headers()['set-cookie']).toBeUndefined();
  expect(await bare.text()).not.toContain(relay.token);

  await page.goto(`${relay.origin}/`);
  await expect(status(page)).toHaveAttribute('data-state', 'disconnected');
  await expect(status(page)).toContainText('Open Baton with the URL it printed when it started');
  await expect(page.getByTestId('thread-item')).toHaveCount(0);

  // Same page, new fragment: what pasting a URL into a tab already at Baton's address does.
  await page.goto(`${relay.origin}/#token=not-the-token`);
  await expect(status(page)).toHaveAttribute('data-state', 'disconnected');
  await expect(status(page)).toContainText('The token in this address is not the one Baton printed');
  expect(page.url()).not.toContain('not-the-token');
});

test('a request naming another host is refused (DNS rebinding)', async ({ request, relay }) => {
  const response = await request.get(`${relay.origin}/`, { headers: { Host: 'evil.example' }, maxRedirects: 0 });
  expect(response.status()).toBe(403);
});

test('the token URL keeps the token in the origin’s storage, not a cookie, and drops it from the address bar', async ({
  page,
  context,
  relay,
}) => {
  await page.goto(relay.url);
  await expect(status(page)).toHaveAttribute('data-state', 'connected');
  expect(page.url()).not.toContain('token');
  expect(await context.cookies()).toEqual([]);
  await page.reload();
  await expect(status(page)).toHaveAttribute('data-state', 'connected');
  // A new tab of the same browser opens Baton without the URL, as the cookie used to allow.
  const second = await context.newPage();
  await second.goto(`${relay.origin}/`);
  await expect(status(second)).toHaveAttribute('data-state', 'connected');
});

test('a script’s handshake is refused without the token or without an Origin; with both, JSON-RPC works', async ({ relay }) => {
  expect(await connectSocket(connectScriptClient(relay.origin, undefined))).toMatchObject({ connected: false });
  expect(await connectSocket(connectScriptClient(relay.origin, 'wrong'))).toMatchObject({ connected: false });
  // A program that names no Origin is refused, token or not: see "Security" in the README.
  const noOrigin = connectScriptClient(relay.origin, relay.token, { extraHeaders: { origin: '' } });
  expect(await connectSocket(noOrigin)).toMatchObject({ connected: false });
  const accepted = await connectSocket(connectScriptClient(relay.origin, relay.token));
  expect(accepted).toEqual({ connected: true, threads: [] });
});

test('a server on another local port learns nothing that opens the relay, and its page cannot open the socket', async ({ page, relay }) => {
  await page.goto(relay.url);
  await expect(status(page)).toHaveAttribute('data-state', 'connected');
  const socketUrl = `${relay.origin.replace('http:', 'ws:')}/socket.io/?EIO=4&transport=websocket`;
  const other = await startOtherLocalServer({
    '/': `<!doctype html><title>waiting</title><img src="/pixel"><script>
      fetch('/echo', { credentials: 'include' });
      const socket = new WebSocket(${JSON.stringify(socketUrl)});
      socket.onopen = () => { document.title = 'opened'; };
      socket.onerror = () => { document.title = 'refused'; };
    </script>`,
  });
  try {
    await page.goto(`${other.origin}/`);
    await expect(page).toHaveTitle('refused');
    await expect.poll(() => other.requests.map((request) => request.url)).toEqual(expect.arrayContaining(['/', '/pixel', '/echo']));
    for (const { headers } of other.requests) {
      expect(JSON.stringify(headers)).not.toContain(relay.token);
      expect(headers.cookie).toBeUndefined();
    }
  } finally {
    await other.close();
  }
});

test('a page on another local port cannot lock the user out: not with a cookie, not with a wrong token', async ({
  page,
  context,
  relay,
}) => {
  await page.goto(relay.url);
  await expect(status(page)).toHaveAttribute('data-state', 'connected');
  // What such a page can do: set a cookie for the whole host, then send the user to Baton with a wrong token.
  const other = await startOtherLocalServer({
    '/': `<!doctype html><title>attacker</title><script>
      document.cookie = 'baton_token=attacker; path=/';
      document.cookie = 'io=attacker; path=/';
      location.href = ${JSON.stringify(`${relay.origin}/#token=chosen-by-the-attacker`)};
    </script>`,
  });
  try {
    await page.goto(`${other.origin}/`);
    await page.waitForURL(`${relay.origin}/**`);
    await expect(status(page)).toHaveAttribute('data-state', 'connected');
    expect((await context.cookies(relay.origin)).map((cookie) => cookie.name)).toContain('baton_token');
    const later = await context.newPage();
    await later.goto(`${relay.origin}/`);
    await expect(status(later)).toHaveAttribute('data-state', 'connected');
  } finally {
    await other.close();
  }
});

test('the relay never writes the token to its log', ({ relay }) => {
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
