/**
 * axe-core over the page as a user meets it: the first screen, a thread waiting for an approval,
 * a file open in the file panel, and the command palette; no serious or critical violation. And
 * every control is reached by Tab and shows where focus is.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/baton-test';
import { BatonPage } from './support/baton-page';
import { makeTempFolder } from './support/relay-process';

test.use({
  workspaceOptions: { files: { 'README.md': '# Sample project\n\nA workspace for the check.\n', 'notes.txt': 'line one\nline two\n' } },
  relayOptions: { offlineDemo: true },
});

/** The serious and critical violations, each as its rule and the elements it found, for a readable failure. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('the first screen, a pending approval, an open file and the palette have no serious violations', async ({ page, baton }) => {
  await baton.open();
  await expect(page.getByTestId('thread-list')).toHaveAttribute('data-state', 'loaded');
  await expect(page.getByTestId('file-item')).toHaveText(['notes.txt', 'README.md']);
  expect(await seriousViolations(page), 'first screen').toEqual([]);

  await baton.send('Try an edit');
  await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'waiting-approval');
  expect(await seriousViolations(page), 'pending approval').toEqual([]);

  await page.getByTestId('file-item').filter({ hasText: 'notes.txt' }).click();
  await expect(page.getByTestId('file-content')).toContainText('line two');
  expect(await seriousViolations(page), 'file open').toEqual([]);

  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('command-palette-option').first()).toBeVisible();
  expect(await seriousViolations(page), 'palette open').toEqual([]);
});

/** Every violation whatever its impact (a `region` one is moderate), for the screens kept fully clean. */
async function allViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const theme of ['light', 'dark'] as const) {
    test(`the first screen in the ${theme} theme has no violation at all, everything inside a landmark`, async ({ page, baton }) => {
      await page.emulateMedia({ colorScheme: theme });
      await baton.open();
      await expect(page.getByTestId('composer-input')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
      expect(await allViolations(page), `phone first screen, ${theme}`).toEqual([]);
    });
  }
});

test('in the dark theme a thread waiting for an approval, its badges and its card, reads with enough contrast', async ({ page, baton }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await baton.open();
  await baton.send('Try an edit');
  await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'waiting-approval');
  await expect(page.getByTestId('thread-status')).toHaveAttribute('data-status', 'waiting');
  expect(await allViolations(page), 'dark, waiting for approval').toEqual([]);
});

/** What `:focus-visible` draws everywhere (app/globals.css): the design's ring, a 2 px solid outline in the accent colour. */
const RING_WIDTH = '2px';

test("Tab reaches every control, each with the design's focus ring: the first screen and a thread waiting for an approval", async ({
  page,
  baton,
}) => {
  await baton.open();
  await expect(page.getByTestId('file-item')).toHaveText(['notes.txt', 'README.md']);
  await expectTabReachesEveryControl(page);

  await baton.send('Try an edit');
  await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'waiting-approval');
  // The walk counts the controls on screen when it starts: the card's answers must be among them.
  await expect(baton.toolCard('write_file').getByRole('button', { name: 'Reject' })).toBeVisible();
  await expect(page.getByTestId('thread-details-button')).toBeVisible();
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await expectTabReachesEveryControl(page);
});

async function expectTabReachesEveryControl(page: Page): Promise<void> {
  // Every control a pointer can use, each marked before tabbing so that the ones never reached can be named.
  const controls = page.locator(
    'button:visible:enabled, a[href]:visible, input:visible:enabled, select:visible:enabled, textarea:visible:enabled, summary:visible',
  );
  const count = await controls.count();
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('[data-tab-probe]')) element.removeAttribute('data-tab-probe');
  });
  await controls.evaluateAll((elements) => {
    for (const [index, element] of elements.entries()) element.setAttribute('data-tab-probe', String(index));
  });
  const reached = new Set<string>();
  const withoutRing: string[] = [];
  // Twice round: wherever focus starts, every stop comes up once.
  for (let press = 0; press < 2 * count + 10; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate((ringWidth) => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      // The accent colour as this page resolves it (light-dark() follows the theme).
      const probe = document.createElement('span');
      probe.style.color = 'var(--color-accent)';
      document.body.append(probe);
      const accent = getComputedStyle(probe).color;
      probe.remove();
      const style = getComputedStyle(element);
      const ring = style.outlineStyle === 'solid' && style.outlineWidth === ringWidth && style.outlineColor === accent;
      const name = element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 30) || element.tagName;
      const described = `${element.tagName.toLowerCase()} "${name}" (outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}, accent ${accent})`;
      return { key: element.dataset.tabProbe ?? null, name: described, ring };
    }, RING_WIDTH);
    if (!focused) continue;
    if (focused.key !== null) reached.add(focused.key);
    if (!focused.ring) withoutRing.push(focused.name);
  }
  expect(withoutRing).toEqual([]);
  // A radio group, a tab list or a toolbar (a thread row and its ⋯ button) is one Tab stop whose
  // arrows move inside (the ARIA patterns): a member not reached by Tab counts when another member
  // of its group was. Any other is a defect.
  const unreached = await controls.evaluateAll(
    (elements, reachedKeys) =>
      elements
        .filter((element) => !reachedKeys.includes(element.getAttribute('data-tab-probe') ?? ''))
        .filter((element) => {
          const group = element.closest('[role="radiogroup"], [role="tablist"], [role="toolbar"]');
          return (
            !group ||
            ![...group.querySelectorAll('[data-tab-probe]')].some((member) =>
              reachedKeys.includes(member.getAttribute('data-tab-probe') ?? ''),
            )
          );
        })
        .map(
          (element) =>
            `${element.tagName.toLowerCase()} "${element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 30)}"`,
        ),
    [...reached],
  );
  expect(unreached).toEqual([]);
}

test('an empty workspace: the Files panel says so, and it is no tree without items', async ({ page, workspace, startRelay }) => {
  const empty = await makeTempFolder('a11y-empty');
  const emptyRelay = await startRelay({ workspaceRoot: empty.path, dataDir: path.join(workspace.path, '.baton-empty') });
  try {
    await new BatonPage(page).open(emptyRelay.url);
    await expect(page.getByTestId('file-tree')).toContainText('No files to show.');
    await expect(page.getByRole('tree')).toHaveCount(0);
    expect(await allViolations(page), 'empty workspace').toEqual([]);
  } finally {
    await emptyRelay.stop();
    await empty.remove();
  }
});
