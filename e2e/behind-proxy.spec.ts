/**
 * Baton behind Debian's real nginx, the two ways code-server's port proxy serves it: under a prefix
 * the proxy strips (`/proxy/<port>/`, the relay sees `/`) and under one it keeps
 * (`/absproxy/<port>/`, with `--base-path`). The whole chat flow works through each, approval
 * included, and the browser never asks for anything outside the prefix.
 */
import type { Page } from '@playwright/test';
import { expect, test as baton } from './fixtures/baton-test';
import { BatonPage } from './support/baton-page';
import { freePort, type NginxProxy, nginxAvailable, type ProxyLocation, startNginxProxy } from './support/nginx-proxy';

/** `startProxy` starts nginx in front of a relay, closed after the test, failed or not. */
const test = baton.extend<{ startProxy(location: ProxyLocation): Promise<NginxProxy> }>({
  startProxy: async ({}, use) => {
    const proxies: NginxProxy[] = [];
    try {
      await use(async (location) => {
        const proxy = await startNginxProxy(location);
        proxies.push(proxy);
        return proxy;
      });
    } finally {
      for (const proxy of proxies) await proxy.close();
    }
  },
});

// The demo's turn reads the README before it proposes its edit.
test.use({ relayOptions: { offlineDemo: true }, workspaceOptions: { files: { 'README.md': '# Sample project\n' } } });

test.beforeAll(() => {
  if (!nginxAvailable()) throw new Error('These tests need nginx: apt-get install nginx (.ci/run installs it)');
});

/** Every address the page asks for, to check that none leaves the prefix. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('worker', (worker) => urls.push(worker.url()));
  return urls;
}

/** The demo's turn: a file read, an edit that waits for approval, Approve, the file written. */
async function runChatWithApproval(baton: BatonPage, prefix: string): Promise<void> {
  await baton.send('Show me what you can do');
  await expect(baton.toolCard('read_file')).toHaveAttribute('data-status', 'succeeded');
  const writeCard = baton.toolCard('write_file');
  await expect(writeCard).toHaveAttribute('data-status', 'waiting-approval');
  await expect(writeCard.getByTestId('tool-call-diff')).toContainText('+# Baton demo');
  // Highlighted by the worker, which the page starts from under the prefix too.
  await expect(writeCard.getByTestId('tool-call-diff').locator('[style*="light-dark"]').first()).toBeVisible();
  await writeCard.getByTestId('approve-tool-call').click();
  await expect(writeCard).toHaveAttribute('data-status', 'succeeded');
  await expect(baton.assistantMessages.last()).toContainText('Done: I wrote baton-demo.md');
  await baton.expectTurnFinished();
  // The thread's address is under the prefix, and a reload there (one level deeper) finds everything.
  await expect.poll(() => baton.path()).toMatch(new RegExp(`^${prefix}t/[^/]+$`));
  await baton.page.reload();
  await baton.expectConnected();
  await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'succeeded');
  await baton.scrollChatToStart();
  await expect(baton.userMessages.first()).toContainText('Show me what you can do');
}

test('behind a proxy that strips its prefix (/proxy/<port>/), the whole chat works', async ({ page, relay, startProxy }) => {
  const relayPort = Number(new URL(relay.origin).port);
  const prefix = `/proxy/${relayPort}/`;
  // nginx passes the browser's Host on: the relay's Origin check then sees its own address.
  const proxy = await startProxy({ prefix, relayPort, stripPrefix: true, forwardHost: true });
  const requested = recordRequests(page);
  const baton = new BatonPage(page);
  await baton.open(`${proxy.origin}${prefix}#token=${relay.token}`);
  await runChatWithApproval(baton, prefix);
  expect(requested.length).toBeGreaterThan(5);
  expect(requested).toContain(`${proxy.origin}${prefix}highlight-worker/highlight-worker.js`);
  expect(requested.filter((url) => !url.startsWith(`${proxy.origin}${prefix}`))).toEqual([]);
});

test('behind a proxy that keeps its prefix (/absproxy/<port>/) with --base-path, the whole chat works', async ({
  page,
  startRelay,
  startProxy,
}) => {
  const [relayPort, proxyPort] = [await freePort(), await freePort()];
  const prefix = '/absproxy/4780/';
  const proxyOrigin = `http://127.0.0.1:${proxyPort}`;
  // nginx's default Host is the relay's own address, unlike the page's Origin: the proxy's origin is trusted.
  const relay = await startRelay({
    port: relayPort,
    args: ['--base-path', '/absproxy/4780', '--trusted-origin', proxyOrigin],
  });
  expect(relay.url).toBe(`http://127.0.0.1:${relayPort}${prefix}#token=${relay.token}`);
  await startProxy({ prefix, relayPort, stripPrefix: false, forwardHost: false, port: proxyPort });
  const requested = recordRequests(page);
  const baton = new BatonPage(page);
  await baton.open(`${proxyOrigin}${prefix.slice(0, -1)}#token=${relay.token}`);
  await runChatWithApproval(baton, prefix);
  expect(requested.filter((url) => !url.startsWith(`${proxyOrigin}${prefix.slice(0, -1)}`))).toEqual([]);
});

test("behind a proxy that keeps code-server's prefix for the relay's own port, with no option and no header, the whole chat works", async ({
  page,
  relay,
  startProxy,
}) => {
  const relayPort = Number(new URL(relay.origin).port);
  const prefix = `/absproxy/${relayPort}/`;
  // Keeps the prefix, sends no X-Forwarded-Prefix, and passes the browser's Host on, as code-server does.
  const proxy = await startProxy({ prefix, relayPort, stripPrefix: false, forwardHost: true });
  const requested = recordRequests(page);
  const baton = new BatonPage(page);
  await baton.open(`${proxy.origin}${prefix}#token=${relay.token}`);
  await runChatWithApproval(baton, prefix);
  expect(requested.filter((url) => !url.startsWith(`${proxy.origin}${prefix}`))).toEqual([]);
  // Another port's prefix is no address of this relay: nothing of the app is served there.
  const elsewhere = await page.request.get(`${relay.origin}/absproxy/${relayPort + 1}/`);
  expect(elsewhere.status()).toBe(404);
});
