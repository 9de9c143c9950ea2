/**
 * Baton framed by a host page on another loopback port and another site (`localhost` framing
 * `127.0.0.1`), with third-party cookies and storage blocked: from an origin `--frame-ancestors`
 * allows it works (the token comes by postMessage, a prompt gets its answer, the host adds a
 * context chip, "Open in a new tab" hands the host a full-tab address); messages from any window
 * but the frame's parent are dropped, even from an allowed origin; from any other origin the
 * frame shows why it is refused, and nothing of the app or the token reaches it.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { expect, test } from './fixtures/baton-test';
import { CHROMIUM_LAUNCH } from './support/chromium-launch';
import { type OtherLocalServer, startOtherLocalServer } from './support/other-local-server';

test.use({
  // The flags of every test, plus Chromium's switch that blocks third-party cookies.
  launchOptions: { executablePath: CHROMIUM_LAUNCH.executablePath, args: [...CHROMIUM_LAUNCH.args, '--test-third-party-cookie-phaseout'] },
});

let host: OtherLocalServer;
/** What the host page serves; filled once the relay's address is known. */
const pages: Record<string, string> = {};

/** A host page framing Baton that hands the token over once Baton says it is ready, and records Baton's messages. */
function hostPage(frameSource: string, relayOrigin: string, token: string | undefined, more = ''): string {
  return `<!DOCTYPE html><html><body><iframe id="baton" src="${frameSource}" width="900" height="700"></iframe>${more}<script>
    const frame = document.getElementById('baton');
    window.received = [];
    addEventListener('message', (event) => {
      if (event.source !== frame.contentWindow) return;
      window.received.push({ origin: event.origin, data: event.data });
      ${token ? `if (event.data.type === 'baton:ready') frame.contentWindow.postMessage({ type: 'baton:token', token: ${JSON.stringify(token)} }, ${JSON.stringify(relayOrigin)});` : ''}
    });
    window.sendToBaton = (message) => frame.contentWindow.postMessage(message, ${JSON.stringify(relayOrigin)});
  </script></body></html>`;
}

const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { received: Array<{ origin: string; data: { type: string; url?: string } }> }).received);

// The offline demo; each test starts its relay with the frame ancestors it needs.
test.use({ workspaceOptions: { files: { 'README.md': '# Sample project\n' } }, relayOptions: { offlineDemo: true } });

test.beforeEach(async () => {
  host = await startOtherLocalServer(pages);
});

test.afterEach(() => host.close());

/** The host's origin under another site's name than the relay's 127.0.0.1. */
const hostOrigin = () => host.origin.replace('127.0.0.1', 'localhost');

const framedBy = (frameAncestors: string) => ({ args: ['--frame-ancestors', frameAncestors] });

/** What the browser lets the frame keep: a cookie of its own site set beforehand, and storage. */
async function thirdPartyStateInFrame(page: Page): Promise<{ cookie: string; storage: string }> {
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  if (!frame) throw new Error('the host page has no frame');
  return frame.evaluate(() => {
    let storage: string;
    try {
      window.localStorage.getItem('baton.token');
      storage = 'allowed';
    } catch {
      storage = 'refused';
    }
    return { cookie: document.cookie, storage };
  });
}

test('framed by an allowed origin with third-party cookies blocked: token by postMessage, a prompt answered, a context chip, open in a new tab', async ({
  page,
  context,
  startRelay,
}) => {
  const relay = await startRelay(framedBy(`'self' ${hostOrigin()}`));
  await context.addCookies([{ name: 'probe', value: 'first-party', domain: '127.0.0.1', path: '/', sameSite: 'None', secure: true }]);
  pages['/host.html'] = hostPage(`${relay.origin}/?embed=1`, relay.origin, relay.token);
  await page.goto(`${hostOrigin()}/host.html`);
  const baton: FrameLocator = page.frameLocator('#baton');

  await expect(baton.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');
  // The browser really keeps third-party state from the frame: its own site's cookie is not sent, storage is refused.
  expect(await thirdPartyStateInFrame(page)).toEqual({ cookie: '', storage: 'refused' });
  expect((await received(page)).map((message) => message.data.type)).toContain('baton:ready');

  await page.evaluate(() =>
    (window as unknown as { sendToBaton: (message: unknown) => void }).sendToBaton({
      type: 'baton:add-context',
      context: { type: 'file', path: 'README.md', linesRange: { start: 1, end: 1 } },
    }),
  );
  const chip = baton.getByTestId('context-chip');
  await expect(chip).toHaveAttribute('data-context-type', 'file');
  await expect(chip).toContainText('README.md:1-1');
  // A malformed message and an unknown context type change nothing.
  await page.evaluate(() => {
    const send = (window as unknown as { sendToBaton: (message: unknown) => void }).sendToBaton;
    send({ type: 'baton:add-context', context: { type: 'file' } });
    send({ type: 'baton:add-context', context: { type: 'web', url: 'https://example.com' } });
    send({
      type: 'baton:add-context',
      context: { type: 'cursor', path: 'README.md', position: { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } } },
    });
  });
  await expect(baton.getByTestId('context-chip')).toHaveCount(2);
  await expect(baton.getByTestId('context-chip').nth(1)).toHaveAttribute('data-context-type', 'cursor');

  await baton.getByTestId('composer-input').fill('Try an edit');
  await baton.getByTestId('composer-input').press('Enter');
  await expect(baton.locator('[data-testid="tool-call-card"][data-tool-name="write_file"]')).toHaveAttribute(
    'data-status',
    'waiting-approval',
  );
  await expect(baton.getByTestId('message-assistant').first()).not.toBeEmpty();

  // The frame asks for the embed layout (`?embed=1`): the action is in its menu.
  await baton.getByTestId('embed-menu-button').click();
  await baton.getByTestId('embed-menu-open-tab').click();
  await expect.poll(async () => (await received(page)).filter((message) => message.data.type === 'baton:open-external').length).toBe(1);
  const opened = (await received(page)).find((message) => message.data.type === 'baton:open-external')!;
  const url = new URL(opened.data.url!);
  expect(url.origin).toBe(relay.origin);
  expect(url.pathname).toMatch(/^\/t\/[^/]+$/);
  expect(url.search).toBe('');
  expect(url.hash).toBe(`#token=${relay.token}`);

  // The address opens the same thread in a tab of its own.
  const tab = await context.newPage();
  await tab.goto(url.href);
  await expect(tab.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');
  await expect(tab.locator('[data-testid="tool-call-card"][data-tool-name="write_file"]')).toHaveAttribute(
    'data-status',
    'waiting-approval',
  );
});

test('framed by an origin not allowed: the frame says why and holds neither the app nor the token', async ({ page, startRelay }) => {
  const relay = await startRelay(framedBy("'self' http://127.0.0.1:9"));
  pages['/host.html'] = hostPage(`${relay.origin}/`, relay.origin, undefined);
  await page.goto(`${hostOrigin()}/host.html`);
  const baton = page.frameLocator('#baton');
  await expect(baton.getByTestId('frame-refusal')).toHaveText(
    `Baton refuses to be shown inside ${hostOrigin()}; start Baton with --frame-ancestors ${hostOrigin()} to allow it.`,
  );
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
  const html = await frame.content();
  expect(html).not.toContain('<script');
  expect(html).not.toContain(relay.token);
  await expect(baton.getByTestId('connection-status')).toHaveCount(0);
  expect(await received(page)).toEqual([]);
});

test('host messages from windows other than the parent are dropped: the page itself, a sibling frame, a popup', async ({
  page,
  startRelay,
}) => {
  const relay = await startRelay(framedBy(`'self' ${hostOrigin()}`));
  // The sibling and the popup share the host's allowed origin: only the window they are tells them apart.
  pages['/host.html'] = hostPage(
    `${relay.origin}/?embed=1`,
    relay.origin,
    relay.token,
    '<iframe id="sibling" src="/sibling.html"></iframe>',
  );
  pages['/sibling.html'] = '<!DOCTYPE html><html><body>a sibling</body></html>';
  pages['/popup.html'] = '<!DOCTYPE html><html><body>a popup</body></html>';
  const ignored: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes("other than the frame's parent")) ignored.push(message.text());
  });
  await page.goto(`${hostOrigin()}/host.html`);
  const baton = page.frameLocator('#baton');
  await expect(baton.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');
  await expect.poll(async () => (await received(page)).map((message) => message.data.type)).toContain('baton:ready');

  const context = { type: 'baton:add-context', context: { type: 'file', path: 'README.md' } };
  const batonFrame = page.frames().find((frame) => frame.url().startsWith(relay!.origin))!;
  await batonFrame.evaluate((message) => window.postMessage(message, '*'), context);
  const sibling = page.frames().find((frame) => frame.url().endsWith('/sibling.html'))!;
  await sibling.evaluate(
    ([message, target]) => (parent.document.getElementById('baton') as HTMLIFrameElement).contentWindow!.postMessage(message, target),
    [context, relay.origin] as const,
  );
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate((url) => void window.open(url), `${hostOrigin()}/popup.html`),
  ]);
  await popup.waitForLoadState();
  await popup.evaluate(
    ([message, target]) => (opener.document.getElementById('baton') as HTMLIFrameElement).contentWindow!.postMessage(message, target),
    [context, relay.origin] as const,
  );

  await expect.poll(() => ignored.length).toBe(3);
  expect(ignored.join('\n')).toContain(`(${relay.origin})`);
  expect(ignored.filter((text) => text.includes(`(${hostOrigin()})`))).toHaveLength(2);
  await expect(baton.getByTestId('context-chip')).toHaveCount(0);
  // The same message from the parent is taken: one chip, and none of the dropped ones arrived late.
  await page.evaluate((message) => (window as unknown as { sendToBaton: (message: unknown) => void }).sendToBaton(message), context);
  await expect(baton.getByTestId('context-chip')).toHaveCount(1);
  await expect(baton.getByTestId('context-chip')).toContainText('README.md');
  await popup.close();
});
