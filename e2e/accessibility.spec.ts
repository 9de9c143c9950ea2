/**
 * axe-core over the page as a user meets it: the first screen, a thread waiting for an approval,
 * a file open in the file panel, and the command palette; no serious or critical violation. And
 * every control is reached by Tab and shows where focus is.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { BatonPage } from './support/baton-page';
import { makeTempFolder, type RelayProcess, startRelayProcess } from './support/relay-process';

let relay: RelayProcess;
let workspace: Awaited<ReturnType<typeof makeTempFolder>>;

test.beforeEach(async () => {
  workspace = await makeTempFolder('a11y');
  await writeFile(path.join(workspace.path, 'README.md'), '# Sample project\n\nA workspace for the check.\n');
  await writeFile(path.join(workspace.path, 'notes.txt'), 'line one\nline two\n');
  relay = await startRelayProcess({ workspaceRoot: workspace.path, dataDir: path.join(workspace.path, '.baton') });
});

test.afterEach(async () => {
  await relay.stop();
  await workspace.remove();
});

/** The serious and critical violations, each as its rule and the elements it found, for a readable failure. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('the first screen, a pending approval, an open file and the palette have no serious violations', async ({ page }) => {
  const baton = new BatonPage(page);
  await baton.open(relay.url);
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

test('Tab reaches every control, each with a visible focus ring', async ({ page }) => {
  const baton = new BatonPage(page);
  await baton.open(relay.url);
  await expect(page.getByTestId('file-item')).toHaveText(['notes.txt', 'README.md']);
  // Every control a pointer can use, counted before tabbing.
  const controls = await page.locator('button:visible:enabled, a[href]:visible, input:visible:enabled, select:visible:enabled, textarea:visible:enabled, summary:visible').count();
  const reached = new Set<string>();
  const withoutRing: string[] = [];
  for (let press = 0; press < controls + 10; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      if (!element.dataset.tabProbe) element.dataset.tabProbe = String(Math.random());
      const name = element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 30) || element.tagName;
      return { key: element.dataset.tabProbe, name: `${element.tagName.toLowerCase()} "${name}"`, ring };
    });
    if (!focused) continue;
    reached.add(focused.key);
    if (!focused.ring) withoutRing.push(focused.name);
  }
  expect(withoutRing).toEqual([]);
  // Radio groups and tab lists are one stop each (arrows move inside), so a few controls share a stop.
  expect(reached.size).toBeGreaterThanOrEqual(controls - 4);
});
