/**
 * How the page looks, compared pixel by pixel with the committed references in e2e/screenshots/:
 * the first screen and a demo thread with an approval waiting, on a laptop (1440×900) and a phone
 * (390×844), each in the light and the dark theme. A missing or different reference fails the run
 * (playwright.config.ts: updateSnapshots 'none'); references change only when someone runs
 * `npx playwright test e2e/screenshots.spec.ts --update-snapshots` and commits what it wrote.
 *
 * What differs between runs is kept out of the picture: the workspace has a fixed name and fixed
 * files, the token stays in the address's fragment (never drawn), the offline demo answers the
 * same words every time, and times, durations and the temporary path are hidden in place
 * (VOLATILE_SELECTOR); the caret is hidden and animations are stopped by the matcher.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/baton-test';

const SIZES = [
  { name: '1440x900', width: 1440, height: 900 },
  { name: '390x844', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

// The header shows the workspace folder's name: a fixed one, inside the random temporary folder.
// No API key: the offline demo model answers, the same words every run.
test.use({
  workspaceOptions: {
    folder: 'sample-project',
    dataFolder: 'data',
    files: { 'README.md': '# Sample project\n\nA workspace for the demo.\n', 'src/fruit.ts': 'export const fruit = "pear";\n' },
  },
  relayOptions: { offlineDemo: true },
});

/**
 * What changes from run to run: when the thread was created and touched, how long a tool call or
 * the thinking took, the temporary workspace's full path, and the read file's version (its mtime).
 */
const VOLATILE_SELECTOR = [
  '[data-testid="thread-item"] time',
  '[data-testid="tool-call-duration"]',
  '[data-testid="thread-details-workspace"]',
  '[data-testid="thread-details-created"]',
  '[data-testid="thread-details-modified"]',
  '[data-testid="reasoning-block"] summary',
].join(', ');

async function expectLooksLike(page: Page, name: string): Promise<void> {
  // Hidden in place, keeping their room: a mask would be drawn over the panel beside the thread's
  // clipped one-line facts, and the page's CSP refuses the matcher's injected stylesheet (stylePath).
  // Their text is set to one fixed word first: a hidden value still takes its width, and a temporary
  // folder's random name (drawn in a proportional font) would move the facts beside it.
  await page.evaluate((selector) => {
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.dataset.testid?.startsWith('thread-details-')) element.textContent = 'volatile';
      element.style.visibility = 'hidden';
    }
  }, VOLATILE_SELECTOR);
  // Fonts and highlighted code settle before the picture is taken.
  await page.evaluate(() => document.fonts.ready);
  await expect(page).toHaveScreenshot(`${name}.png`, { caret: 'hide', animations: 'disabled' });
}

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`first screen at ${size.name}, ${theme}`, async ({ page, baton }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme });
      await baton.open();
      await expect(page.getByTestId('thread-list')).toHaveAttribute('data-state', 'loaded');
      await expect(page.getByTestId('starter-prompt').first()).toBeVisible();
      await expectLooksLike(page, `first-screen-${size.name}-${theme}`);
    });

    test(`demo approval waiting at ${size.name}, ${theme}`, async ({ page, baton }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme });
      await baton.open();
      await baton.send('Show me what you can do');
      await expect(baton.toolCard('read_file')).toHaveAttribute('data-status', 'succeeded');
      const writeCard = baton.toolCard('write_file');
      await expect(writeCard).toHaveAttribute('data-status', 'waiting-approval');
      await expect(writeCard.getByTestId('tool-call-diff')).toContainText('+# Baton demo');
      // The diff shows plain text until the highlighter's worker answers, later on a busy machine.
      await expect(writeCard.getByTestId('tool-call-diff')).toHaveAttribute('data-highlighted', 'true');
      await expect(writeCard.getByTestId('approve-tool-call')).toBeVisible();
      // The card's focus ring is part of the picture: the same card has it every run.
      await expectLooksLike(page, `demo-approval-${size.name}-${theme}`);
    });
  }
}
