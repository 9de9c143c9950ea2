/**
 * On a 390 × 844 phone, a thread's own actions and what follows them: its ⋯ button, the menu's
 * Rename, Archive and Delete, the delete's confirmation, the Undo note and the file viewer's Add to context are each big enough
 * for a finger (44 px), and the Undo note does not sit over the pane tabs or the composer's Send.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures/baton-test';
import { expectInsideViewport } from './support/layout-checks';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

// The offline demo: its turn reads the README and proposes an edit.
test.use({ workspaceOptions: { files: { 'README.md': '# Sample project\n\nA line to quote.\n' } }, relayOptions: { offlineDemo: true } });

async function expectTappable(button: Locator): Promise<void> {
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
}

/** Whether two elements' boxes share any area. */
async function overlaps(first: Locator, second: Locator): Promise<boolean> {
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('a thread is renamed, deleted and brought back by tapping; the Undo note leaves the tabs and Send clear', async ({ page, baton }) => {
  await baton.open();
  await baton.send('Summarise the README for me');
  // The demo's turn ends in an edit waiting for approval: approved, the turn ends.
  const edit = baton.toolCard('write_file');
  await expect(edit).toHaveAttribute('data-status', 'waiting-approval');
  await edit.getByTestId('approve-tool-call').tap();
  await baton.expectTurnFinished();

  await page.getByTestId('pane-tab-threads').tap();
  const title = (await baton.threadItems.first().getByTestId('thread-title').textContent()) ?? '';
  await expectTappable(baton.threadRow(title).getByTestId('thread-menu-button'));
  const menuItem = await baton.openThreadMenu(title, 'tap');
  for (const testId of ['rename-thread', 'archive-thread', 'delete-thread']) await expectTappable(menuItem(testId));

  await menuItem('rename-thread').tap();
  await page.getByTestId('thread-title-input').fill('Phone notes');
  await page.getByTestId('thread-title-input').press('Enter');
  await expect(baton.threadItem('Phone notes')).toBeVisible();

  await baton.threadAction('Phone notes', 'delete-thread', 'tap');
  await expectTappable(page.getByTestId('confirm-delete-thread'));
  await expectTappable(page.getByTestId('cancel-delete-thread'));
  await page.getByTestId('confirm-delete-thread').tap();

  const note = page.getByTestId('deleted-thread-toast');
  await expect(note).toContainText('Deleted “Phone notes”');
  await expectInsideViewport(page, note);
  expect(await overlaps(note, page.getByTestId('pane-tabs'))).toBe(false);
  const send = page.getByTestId('send-button');
  if (await send.isVisible()) expect(await overlaps(note, send)).toBe(false);
  await expectTappable(page.getByTestId('undo-delete'));
  await page.getByTestId('undo-delete').tap();
  await expect(note).toBeHidden();
  await page.getByTestId('pane-tab-threads').tap();
  await expect(baton.threadItem('Phone notes')).toBeVisible();
});

test('a file is added to the context with a button a finger can hit', async ({ page, baton }) => {
  await baton.open();
  await page.getByTestId('pane-tab-files').tap();
  await page.getByTestId('file-item').filter({ hasText: 'README.md' }).tap();
  const add = page.getByTestId('add-to-context');
  await expectTappable(add);
  await add.tap();
  await page.getByTestId('pane-tab-chat').tap();
  await expect(page.getByTestId('context-chip')).toContainText('README.md');
});
