/**
 * Light and dark: the page follows the system's colour scheme, the header's switch overrides it
 * and the choice survives a reload (applied by the page's own inline script, before any bundle
 * runs), and highlighted code takes the theme's colours without being highlighted again.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { startScriptedModelServer, type ScriptedModelServer } from '../server/demo-model/scripted-model-server';
import { BatonPage } from './support/baton-page';
import { echoScript } from './support/model-scripts';
import { makeTempFolder, type RelayProcess, startRelayProcess } from './support/relay-process';

/** --color-page of app/tokens.css in each theme. */
const LIGHT_PAGE = 'rgb(246, 247, 249)';
const DARK_PAGE = 'rgb(15, 18, 22)';

let model: ScriptedModelServer;
let relay: RelayProcess;
let workspace: Awaited<ReturnType<typeof makeTempFolder>>;

test.beforeAll(async () => {
  workspace = await makeTempFolder('theme');
  await mkdir(path.join(workspace.path, 'src'));
  await writeFile(path.join(workspace.path, 'src', 'fruit.ts'), 'const fruit = "pear";\n');
  model = await startScriptedModelServer({ script: echoScript });
  relay = await startRelayProcess({ workspaceRoot: workspace.path, dataDir: path.join(workspace.path, '.baton'), modelBaseUrl: model.url });
});

test.afterAll(async () => {
  await relay?.stop();
  await model?.close();
  await workspace?.remove();
});

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Every Content-Security-Policy complaint the page logs: the theme script must not cause one. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

test('a dark system gives the dark page, a light one the light page', async ({ page }) => {
  const violations = cspViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const baton = new BatonPage(page);
  await baton.open(relay.url);
  await expect(page.getByLabel('Theme')).toHaveValue('system');
  await expect.poll(() => pageBackground(page)).toBe(DARK_PAGE);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => pageBackground(page)).toBe(LIGHT_PAGE);
  expect(violations).toEqual([]);
});

test('the switch overrides the system, survives a reload and is in place before any bundle runs', async ({ page }) => {
  const violations = cspViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const baton = new BatonPage(page);
  await baton.open(relay.url);
  await page.getByLabel('Theme').selectOption('light');
  await expect.poll(() => pageBackground(page)).toBe(LIGHT_PAGE);

  await page.reload();
  await baton.expectConnected();
  await expect(page.getByLabel('Theme')).toHaveValue('light');
  expect(await pageBackground(page)).toBe(LIGHT_PAGE);

  // Without its JavaScript bundles the page is still in the chosen theme: the inline script in the
  // page's head applied it, before the first paint.
  await page.getByLabel('Theme').selectOption('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await pageBackground(page)).toBe(DARK_PAGE);
  await page.unroute('**/_next/static/**/*.js');

  await page.reload();
  await baton.expectConnected();
  await page.getByLabel('Theme').selectOption('system');
  await expect.poll(() => pageBackground(page)).toBe(LIGHT_PAGE);
  await page.reload();
  await baton.expectConnected();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  expect(violations).toEqual([]);
});

test('highlighted code changes its colours with the theme, without being highlighted again', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const baton = new BatonPage(page);
  await baton.open(relay.url);
  await page.getByTestId('quick-open').fill('fruit');
  await page.getByTestId('quick-open-result').filter({ hasText: 'src/fruit.ts' }).click();
  const token = page.getByTestId('file-content').locator('span[style*="color"]', { hasText: '"pear"' });
  await expect(token).toHaveCount(1);
  const tokenElement = await token.elementHandle();
  const colour = () => token.evaluate((element) => getComputedStyle(element).color);
  const lightColour = await colour();

  await page.getByLabel('Theme').selectOption('dark');
  await expect.poll(colour).not.toBe(lightColour);
  const darkColour = await colour();
  // The same element, repainted: the switch did not highlight the code again.
  expect(await tokenElement!.evaluate((element) => element.isConnected)).toBe(true);

  await page.getByLabel('Theme').selectOption('light');
  await expect.poll(colour).toBe(lightColour);
  expect(darkColour).not.toBe(lightColour);
});
