/**
 * The compact embed layout (?embed=1, or a narrow frame): a thread switcher, the chat and the
 * composer; threads and files open over the chat; the menu reaches what the full layout offers;
 * the parameter survives the page's own address changes.
 */
import type { Page } from '@playwright/test';
import { expect, type RelayProcess, test } from './fixtures/baton-test';
import { BatonPage } from './support/baton-page';
import { expectInsideViewport, expectNoSidewaysScroll } from './support/layout-checks';

test.use({ workspaceOptions: { files: { 'notes.md': 'embedded notes\n' } } });

/** The printed URL with `?embed=1` before its token fragment. */
const embedUrl = (relay: RelayProcess) => relay.url.replace(/\/?#/, '/?embed=1#');

async function expectCompactLayout(page: Page, baton: BatonPage): Promise<void> {
  await expect(page.getByTestId('app-shell')).toHaveAttribute('data-layout', 'embed');
  await expectInsideViewport(page, page.getByTestId('thread-switcher'));
  await expectInsideViewport(page, page.getByTestId('chat-entries'));
  await expectInsideViewport(page, baton.composer);
  await expectInsideViewport(page, page.getByTestId('send-button'));
  await expect(page.getByTestId('thread-list')).toBeHidden();
  await expect(page.getByTestId('file-tree')).toBeHidden();
  await expectNoSidewaysScroll(page);
}

for (const width of [360, 800]) {
  test(`at ${width} px: switcher, chat and composer; files open over the chat`, async ({ page, relay, baton }) => {
    await page.setViewportSize({ width, height: 700 });
    await baton.open(embedUrl(relay));
    await expectCompactLayout(page, baton);

    await page.getByTestId('embed-menu-button').click();
    await page.getByTestId('embed-menu-files').click();
    const tree = page.getByTestId('file-tree');
    await expect(tree).toContainText('notes.md');
    // Over the chat, not beside it: the file pane covers the chat's whole width.
    const chatBox = await page.getByTestId('chat-entries').boundingBox();
    const overlayBox = await page.locator('[data-slot="side"]').boundingBox();
    expect(overlayBox?.x).toBe(0);
    expect(overlayBox?.width).toBe(width);
    expect(overlayBox!.y).toBeLessThanOrEqual(chatBox!.y);
    await page.getByTestId('close-overlay').click();
    await expect(tree).toBeHidden();
    await expectCompactLayout(page, baton);
  });
}

test('the switcher changes threads and the address keeps ?embed=1; the menu reaches the whole thread list', async ({
  page,
  relay,
  baton,
}) => {
  await page.setViewportSize({ width: 360, height: 700 });
  await baton.open(embedUrl(relay));
  await baton.send('first thread');
  await expect(baton.assistantMessages.last()).toContainText('You said: first thread');
  await expect(page).toHaveURL(/\/t\/[^/?#]+\?embed=1$/);
  const firstPath = baton.path();

  await page.getByTestId('embed-new-thread').click();
  await expect.poll(() => new URL(page.url()).search).toBe('?embed=1');
  await expect.poll(() => baton.path()).toBe('/');
  await baton.send('second thread');
  await expect(baton.assistantMessages.last()).toContainText('You said: second thread');

  const switcher = page.getByTestId('thread-switcher');
  await expect(switcher.locator('option')).toHaveCount(3);
  await switcher.selectOption({ label: 'first thread' });
  await expect(baton.userMessages).toHaveText(['first thread']);
  await expect.poll(() => baton.path()).toBe(firstPath);
  await expect(page).toHaveURL(/\?embed=1$/);

  // A reload of the thread's address comes back compact.
  await page.reload();
  await baton.expectConnected();
  await expect(page.getByTestId('app-shell')).toHaveAttribute('data-layout', 'embed');
  await expect(baton.userMessages).toHaveText(['first thread']);

  // Search, rename, archive: the full thread list opens over the chat and closes on choosing.
  await page.getByTestId('embed-menu-button').click();
  await page.getByTestId('embed-menu-threads').click();
  await expect(page.getByTestId('thread-list')).toBeVisible();
  await expect(baton.threadItems).toHaveCount(2);
  // Named once: by the list's own heading, not again by the bar over it.
  await expect(page.getByText('Threads', { exact: true })).toHaveCount(1);
  await baton.threadItem('second thread').click();
  await expect(page.getByTestId('thread-list')).toBeHidden();
  await expect(baton.userMessages).toHaveText(['second thread']);
});

test('"Open in a new tab" opens the same thread in the full layout', async ({ page, context, relay, baton }) => {
  await page.setViewportSize({ width: 360, height: 700 });
  await baton.open(embedUrl(relay));
  await baton.send('take me to a tab');
  await expect(page).toHaveURL(/\/t\/[^/?#]+\?embed=1$/);
  const threadPath = baton.path();

  await page.getByTestId('embed-menu-button').click();
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('embed-menu-open-tab').click()]);
  await tab.setViewportSize({ width: 1280, height: 800 });
  const full = new BatonPage(tab);
  await full.expectConnected();
  expect(new URL(tab.url()).pathname).toBe(threadPath);
  expect(new URL(tab.url()).search).toBe('');
  await expect(tab.getByTestId('app-shell')).toHaveAttribute('data-layout', 'full');
  await expect(tab.getByTestId('thread-list')).toBeVisible();
  await expect(full.userMessages).toHaveText(['take me to a tab']);
});
