/**
 * Light and dark: the page follows the system's colour scheme, the header's switch overrides it
 * and the choice survives a reload (applied by the page's own inline script, before any bundle
 * runs), and highlighted code takes the theme's colours without being highlighted again. In both
 * themes a rich answer, the file viewer and the palette pass axe-core's contrast rules.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/baton-test';

/** --color-page of app/tokens.css in each theme. */
const LIGHT_PAGE = 'rgb(246, 247, 249)';
const DARK_PAGE = 'rgb(15, 18, 22)';

// One relay for the file: a relay per test would only slow it.
test.use({ relayScope: 'file', workspaceOptions: { files: { 'src/fruit.ts': 'const fruit = "pear";\n' } } });

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Every Content-Security-Policy complaint the page logs: the theme script must not cause one. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

test('a dark system gives the dark page, a light one the light page', async ({ page, baton }) => {
  const violations = cspViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await baton.open();
  await expect(page.getByLabel('Theme')).toHaveValue('system');
  await expect.poll(() => pageBackground(page)).toBe(DARK_PAGE);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => pageBackground(page)).toBe(LIGHT_PAGE);
  expect(violations).toEqual([]);
});

test('the switch overrides the system, survives a reload and is in place before any bundle runs', async ({ page, baton }) => {
  const violations = cspViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await baton.open();
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

test('highlighted code changes its colours with the theme, without being highlighted again', async ({ page, baton }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await baton.open();
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

/** An answer with what a model writes beside prose: a table, a quote, a link, inline and fenced code. */
const RICH_ANSWER = [
  'Notes on the fruit:',
  '',
  '| Fruit | Colour |',
  '| --- | --- |',
  '| pear | green |',
  '',
  '> A quoted line from the docs.',
  '',
  'See [the guide](https://example.com/guide) and `fruit.ts`.',
  '',
  '```ts',
  'const fruit = "pear";',
  '```',
].join('\n');

/** axe-core's rules for text that reads against its background, and links that stand out from prose. */
async function contrastViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withRules(['color-contrast', 'link-in-text-block']).analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  test(`in the ${theme} theme a Markdown table, quote and link, the file viewer and the palette read with enough contrast`, async ({
    page,
    baton,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await baton.open();
    await baton.send(RICH_ANSWER);
    const answer = baton.assistantMessages.last();
    await expect(answer.locator('table th')).toHaveText(['Fruit', 'Colour']);
    await expect(answer.locator('table td')).toHaveText(['pear', 'green']);
    await expect(answer.locator('blockquote')).toHaveText('A quoted line from the docs.');
    await expect(answer.getByRole('link', { name: 'the guide' })).toBeVisible();
    await expect(answer.locator('span[style*="color"]', { hasText: '"pear"' })).toHaveCount(1);
    expect(await contrastViolations(page), 'answer').toEqual([]);

    await page.getByTestId('quick-open').fill('fruit');
    await page.getByTestId('quick-open-result').filter({ hasText: 'src/fruit.ts' }).click();
    await expect(page.getByTestId('file-content').locator('span[style*="color"]', { hasText: '"pear"' })).toHaveCount(1);
    expect(await contrastViolations(page), 'file viewer').toEqual([]);

    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('command-palette-option').first()).toBeVisible();
    expect(await contrastViolations(page), 'palette').toEqual([]);
  });
}
