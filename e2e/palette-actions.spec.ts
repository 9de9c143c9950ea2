/**
 * The command palette's layout actions: "Hide/Show the files panel" (beside the chat on a wide page,
 * the Files pane on a phone) and "Switch theme", which the header's switch then shows.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/baton-test';

/** --color-page of app/tokens.css in each theme. */
const LIGHT_PAGE = 'rgb(246, 247, 249)';
const DARK_PAGE = 'rgb(15, 18, 22)';

test.use({ workspaceOptions: { files: { 'notes.md': 'palette notes\n' } }, relayOptions: { offlineDemo: true } });

/** Ctrl+K, the words typed, and Enter on the first choice, which must be the expected action. */
async function runAction(page: Page, words: string, expected: RegExp): Promise<void> {
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('command-palette-input')).toBeFocused();
  await page.keyboard.type(words);
  const first = page.getByTestId('command-palette-option').first();
  await expect(first).toHaveText(expected);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('command-palette')).toHaveCount(0);
}

test('on a wide page the palette hides the files panel, the chat takes its room, and shows it again', async ({ page, baton }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await baton.open();
  const tree = page.getByTestId('file-tree');
  await expect(tree).toContainText('notes.md');
  const chatWidth = async () => (await page.locator('[data-slot="chat"]').boundingBox())!.width;
  const widthWithPanel = await chatWidth();

  await runAction(page, 'files panel', /Action\s*Hide the files panel/);
  await expect(tree).toBeHidden();
  expect(await chatWidth()).toBeGreaterThan(widthWithPanel);

  await runAction(page, 'files panel', /Action\s*Show the files panel/);
  await expect(tree).toBeVisible();
  await expect(tree).toContainText('notes.md');
  expect(await chatWidth()).toBe(widthWithPanel);
});

test('on a phone the palette shows the Files pane and goes back to the chat', async ({ page, baton }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await baton.open();
  const tree = page.getByTestId('file-tree');
  await expect(tree).toBeHidden();

  await runAction(page, 'files panel', /Action\s*Show the files panel/);
  await expect(tree).toContainText('notes.md');
  await expect(page.getByTestId('pane-tab-files')).toHaveAttribute('aria-selected', 'true');

  await runAction(page, 'files panel', /Action\s*Hide the files panel/);
  await expect(tree).toBeHidden();
  await expect(page.getByTestId('pane-tab-chat')).toHaveAttribute('aria-selected', 'true');
  await expect(baton.composer).toBeVisible();
});

test('Switch theme goes to the other theme than the one shown, and the header switch says so', async ({ page, baton }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await baton.open();
  const pageBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await pageBackground()).toBe(LIGHT_PAGE);

  await runAction(page, 'switch theme', /Action\s*Switch theme to dark/);
  await expect.poll(pageBackground).toBe(DARK_PAGE);
  await expect(page.getByLabel('Theme')).toHaveValue('dark');

  await runAction(page, 'theme', /Action\s*Switch theme to light/);
  await expect.poll(pageBackground).toBe(LIGHT_PAGE);
  await expect(page.getByLabel('Theme')).toHaveValue('light');

  // The choice is kept like the header switch's own.
  await page.reload();
  await baton.expectConnected();
  await expect(page.getByLabel('Theme')).toHaveValue('light');
});
