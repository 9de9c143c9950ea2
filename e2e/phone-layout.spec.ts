/**
 * On a 390 × 844 phone: one pane at a time (threads, chat, files) switched by the tab bar, the
 * chat and its composer on screen together (also when the keyboard takes half the screen), the
 * approval buttons big enough to tap, and nothing cut off. The same on a small phone and on a
 * phone held sideways, which is wider than 700 px but too short for three panes.
 */
import { expect, test } from './fixtures/baton-test';
import { expectInsideViewport, expectNoSidewaysScroll, expectTextNotClipped } from './support/layout-checks';
import { settledView } from './support/visible-entries';

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

// The offline demo: its edit waits for approval.
test.use({ workspaceOptions: { files: { 'README.md': '# Sample project\n' } }, relayOptions: { offlineDemo: true } });

test('the chat and the composer share the screen; tabs switch panes; nothing is cut off', async ({ page, baton }) => {
  await baton.open();

  await expectInsideViewport(page, page.getByTestId('chat-entries'));
  await expectInsideViewport(page, baton.composer);
  await expectInsideViewport(page, page.getByTestId('send-button'));
  await expect(page.getByTestId('thread-list')).toBeHidden();
  const plan = page.locator('[data-testid="behavior-switch"] [data-behavior="plan"]');
  await expectInsideViewport(page, plan);
  await expect(plan).toHaveText('Plan');
  // The switch clips what does not fit it ("Pla"): neither it nor its option may overflow.
  await expectTextNotClipped(page.getByTestId('behavior-switch'));
  await expectTextNotClipped(plan);
  await expectInsideViewport(page, page.getByTestId('connection-status'));
  await expectNoSidewaysScroll(page);

  await page.getByTestId('pane-tab-threads').tap();
  await expect(page.getByTestId('pane-tab-threads')).toHaveAttribute('aria-selected', 'true');
  await expectInsideViewport(page, page.getByTestId('new-thread'));
  await expect(baton.composer).toBeHidden();

  await page.getByTestId('pane-tab-files').tap();
  await expect(page.getByTestId('file-tree')).toContainText('README.md');
  await expect(page.getByTestId('thread-list')).toBeHidden();

  await page.getByTestId('pane-tab-chat').tap();
  await expectInsideViewport(page, baton.composer);
  await expectNoSidewaysScroll(page);
});

test('opening a thread from the Threads tab shows its chat', async ({ page, baton }) => {
  await baton.open();
  await baton.send('Show me what you can do');
  await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'waiting-approval');
  await page.getByTestId('pane-tab-threads').tap();
  await page.getByTestId('new-thread').tap();
  await expect(page.getByTestId('pane-tab-chat')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => baton.path()).toBe('/');
  await expect(baton.toolCards).toHaveCount(0);
  await page.getByTestId('pane-tab-threads').tap();
  await expect(baton.threadItems).toHaveCount(1);
  await baton.threadItems.first().tap();
  await expect(page.getByTestId('pane-tab-chat')).toHaveAttribute('aria-selected', 'true');
  await expect(baton.toolCard('write_file')).toBeVisible();
});

test('approval buttons are big enough to tap and fit the screen; the composer stays above the keyboard', async ({ page, baton }) => {
  await baton.open();
  await baton.send('Show me what you can do');
  const card = baton.toolCard('write_file');
  await expect(card).toHaveAttribute('data-status', 'waiting-approval');
  // With Stop beside Send the footer is at its fullest: the Plan switch still reads in full.
  await expect(baton.stopButton).toBeVisible();
  const plan = page.locator('[data-testid="behavior-switch"] [data-behavior="plan"]');
  await expectInsideViewport(page, plan);
  await expectTextNotClipped(page.getByTestId('behavior-switch'));
  await expectTextNotClipped(plan);
  for (const testId of ['approve-tool-call', 'reject-tool-call']) {
    const button = card.getByTestId(testId);
    await button.scrollIntoViewIfNeeded();
    await expectInsideViewport(page, button);
    expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  }
  await expectNoSidewaysScroll(page);

  // An on-screen keyboard leaves about half the height: the composer is still in view.
  await baton.composer.tap();
  await page.setViewportSize({ width: PHONE.width, height: 420 });
  // The shell takes the new height on the viewport's resize event: wait for it, then measure.
  await expect(baton.composer).toBeInViewport({ ratio: 1 });
  await expectInsideViewport(page, baton.composer);
  await expectInsideViewport(page, page.getByTestId('send-button'));

  // Keyboard down again: once the chat has taken back its height (as a finger would wait), approve.
  await page.setViewportSize(PHONE);
  await settledView(page);
  await card.getByTestId('approve-tool-call').tap();
  await expect(card).toHaveAttribute('data-status', 'succeeded');
});

/** A small phone, and a common phone held sideways: short, and wider than the 700 px of the upright rule. */
const OTHER_PHONES = [
  { name: 'a small phone', viewport: { width: 360, height: 640 } },
  { name: 'a phone on its side', viewport: { width: 844, height: 390 } },
];

for (const phone of OTHER_PHONES) {
  test.describe(phone.name, () => {
    test.use({ viewport: phone.viewport });

    test(`on ${phone.name} (${phone.viewport.width}×${phone.viewport.height}) one pane shows, the composer is on screen and an approval is tapped`, async ({
      page,
      baton,
    }) => {
      await baton.open();
      await expect(page.getByTestId('pane-tab-chat')).toHaveAttribute('aria-selected', 'true');
      await expectInsideViewport(page, page.getByTestId('pane-tab-files'));
      await expect(page.getByTestId('thread-list')).toBeHidden();
      await expect(page.getByTestId('file-tree')).toBeHidden();
      await expectInsideViewport(page, baton.composer);
      await expectInsideViewport(page, page.getByTestId('send-button'));
      await expectTextNotClipped(page.getByTestId('behavior-switch'));
      await expectNoSidewaysScroll(page);

      await baton.send('Show me what you can do');
      const card = baton.toolCard('write_file');
      await expect(card).toHaveAttribute('data-status', 'waiting-approval');
      const approve = card.getByTestId('approve-tool-call');
      await approve.scrollIntoViewIfNeeded();
      await expectInsideViewport(page, approve);
      expect((await approve.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      await expectInsideViewport(page, baton.composer);
      await expectInsideViewport(page, page.getByTestId('send-button'));
      await expectNoSidewaysScroll(page);

      // The read before it, allowed by a rule: the note beside it leaves the path readable in full.
      const read = baton.toolCard('read_file');
      await expect(read.getByTestId('tool-call-approval-note')).toBeVisible();
      await expect(read.getByTestId('tool-call-summary')).toContainText('README.md');
      await expectTextNotClipped(read.getByTestId('tool-call-summary'));

      await settledView(page);
      await approve.tap();
      await expect(card).toHaveAttribute('data-status', 'succeeded');
    });
  });
}
