/**
 * The file panel end to end, against a real relay and workspace: a tree listed as it is expanded
 * (without what .gitignore ignores, nor Baton's data folder), quick-open, a 50 MB log that opens at
 * its first lines and pages, a picture previewed, other bytes described, Markdown rendered or raw,
 * and chosen lines added to the composer and carried to the model.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/baton-test';

/** 800,000 lines of 64 bytes: a 51 MB log. */
const LOG_LINES = 800_000;
/** A 1×1 PNG. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function logLine(index: number): string {
  return `${`log line ${String(index + 1).padStart(7, '0')} `.padEnd(63, '.')}\n`;
}

async function writeLargeLog(file: string): Promise<void> {
  const stream = createWriteStream(file);
  for (let start = 0; start < LOG_LINES; start += 10_000) {
    const chunk = Array.from({ length: 10_000 }, (_, offset) => logLine(start + offset)).join('');
    if (!stream.write(chunk)) await once(stream, 'drain');
  }
  stream.end();
  await once(stream, 'finish');
}

// One relay for the file: the 50 MB log is written once.
test.use({
  relayScope: 'file',
  workspaceOptions: {
    prepare: async (workspace) => {
      const root = workspace.path;
      await mkdir(path.join(root, 'src', 'app'), { recursive: true });
      await mkdir(path.join(root, 'logs'));
      await mkdir(path.join(root, 'ignored'));
      await writeFile(path.join(root, '.gitignore'), 'ignored/\n');
      await writeFile(path.join(root, 'ignored', 'hidden.txt'), 'not shown\n');
      await writeFile(path.join(root, 'src', 'app', 'main.ts'), 'const first = 1;\nconst second = "pear";\nconst third = "plum";\n');
      await writeFile(path.join(root, 'README.md'), '# Project title\n\nSome **bold** words.\n');
      await writeFile(path.join(root, 'pixel.png'), PIXEL_PNG);
      await writeFile(path.join(root, 'archive.bin'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff, 0xfe]));
      await writeLargeLog(path.join(root, 'logs', 'big.log'));
    },
  },
});

const treeItem = (page: Page, name: string) =>
  page
    .getByTestId('file-tree')
    .getByTestId('file-item')
    .filter({ hasText: new RegExp(`^${name.replace('.', '\\.')}$`) });

test('the tree lists folders as they are expanded, without ignored files or the data folder', async ({ page, baton }) => {
  await baton.open();
  const items = page.getByTestId('file-tree').getByTestId('file-item');
  await expect(items).toHaveText(['logs', 'src', '.gitignore', 'archive.bin', 'pixel.png', 'README.md']);
  await treeItem(page, 'src').click();
  await expect(treeItem(page, 'app')).toBeVisible();
  await expect(treeItem(page, 'main.ts')).toHaveCount(0);
  await treeItem(page, 'app').click();
  await treeItem(page, 'main.ts').click();
  await expect(page.getByTestId('file-content')).toHaveText('const first = 1;\nconst second = "pear";\nconst third = "plum";\n');
  await expect(page.getByTestId('line-number')).toHaveText(['1', '2', '3']);
  // One row per line, each beside its number.
  const rowTops = (locator: ReturnType<Page['locator']>) =>
    locator.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
  expect(await rowTops(page.getByTestId('file-content').locator('code > span'))).toEqual(await rowTops(page.getByTestId('line-number')));
  // Highlighted: the string is a token of its own colour.
  await expect(page.getByTestId('file-content').locator('span[style*="color"]', { hasText: '"pear"' })).toHaveCount(1);
  await treeItem(page, 'src').click();
  await expect(treeItem(page, 'app')).toHaveCount(0);
});

test('quick-open finds a file by part of its name, in any case, and opens it', async ({ page, baton }) => {
  await baton.open();
  await page.getByTestId('quick-open').fill('MAIN');
  await expect(page.getByTestId('quick-open-result')).toHaveText(['src/app/main.ts']);
  await page.getByTestId('quick-open').press('Enter');
  await expect(page.getByTestId('file-viewer')).toHaveAttribute('aria-label', 'Contents of src/app/main.ts');
  await page.getByTestId('quick-open').fill('hidden');
  await expect(page.getByRole('listbox', { name: 'Matching files' })).toHaveText('No file matches.');
});

test('a 50 MB log opens at its first lines and pages through', async ({ page, baton }) => {
  await baton.open();
  await treeItem(page, 'logs').click();
  await treeItem(page, 'big.log').click();
  await expect(page.getByTestId('file-page-info')).toHaveText('Lines 1–500 of 800,000');
  await expect(page.getByTestId('line-number').first()).toHaveText('1');
  await expect(page.getByTestId('file-content')).toContainText(logLine(0).trim());
  await page.getByTestId('next-page').click();
  await expect(page.getByTestId('file-page-info')).toHaveText('Lines 501–1,000 of 800,000');
  await expect(page.getByTestId('line-number').first()).toHaveText('501');
  await expect(page.getByTestId('file-content')).toContainText(logLine(500).trim());
  await page.getByTestId('go-to-line').fill('799900');
  await page.getByTestId('go-to-line').press('Enter');
  await expect(page.getByTestId('file-page-info')).toHaveText('Lines 799,900–800,000 of 800,000');
  await expect(page.getByTestId('file-content')).toContainText(logLine(LOG_LINES - 1).trim());
  await expect(page.getByTestId('next-page')).toBeDisabled();
});

test('a picture is previewed and other bytes are described', async ({ page, baton }) => {
  await baton.open();
  await treeItem(page, 'pixel.png').click();
  const picture = page.getByTestId('image-preview');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
  await treeItem(page, 'archive.bin').click();
  await expect(page.getByTestId('binary-description')).toContainText('ZIP archive, 8 bytes');
  await expect(page.getByTestId('binary-description')).toContainText('50 4b 03 04 00 00 ff fe');
});

test('Markdown shows rendered, or raw on request', async ({ page, baton }) => {
  await baton.open();
  await treeItem(page, 'README.md').click();
  await expect(page.getByTestId('markdown-rendered').getByRole('heading', { name: 'Project title' })).toBeVisible();
  await expect(page.getByTestId('markdown-rendered').locator('strong')).toHaveText('bold');
  await page.getByTestId('markdown-toggle').click();
  await expect(page.getByTestId('file-content')).toHaveText('# Project title\n\nSome **bold** words.\n');
  await page.getByTestId('markdown-toggle').click();
  await expect(page.getByTestId('markdown-rendered')).toBeVisible();
});

test('chosen lines go into the composer as a file context, and the prompt carries them to the model', async ({ page, baton, model }) => {
  await baton.open();
  await page.getByTestId('quick-open').fill('main.ts');
  await page.getByTestId('quick-open-result').first().click();
  await page.getByTestId('line-number').filter({ hasText: /^2$/ }).click();
  await page
    .getByTestId('line-number')
    .filter({ hasText: /^3$/ })
    .click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('add-to-context')).toHaveText('Add lines 2–3 to context');
  await page.getByTestId('add-to-context').click();
  await expect(page.getByTestId('context-chip')).toHaveText([/src\/app\/main\.ts:2-3/]);

  await baton.send('What do these lines hold?');
  await expect(baton.assistantMessages.last()).toContainText('You said:');
  const prompt = JSON.stringify(model.requests.at(-1)?.messages.at(-1));
  expect(prompt).toContain('lines=\\"2-3\\"');
  expect(prompt).toContain('pear');
  expect(prompt).toContain('plum');
  expect(prompt).not.toContain('const first');
});

test('a file that cannot be read says why in the viewer', async ({ page, baton, workspace }) => {
  await baton.open();
  await writeFile(path.join(workspace.path, 'gone.txt'), 'soon removed\n');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(treeItem(page, 'gone.txt')).toBeVisible();
  await rm(path.join(workspace.path, 'gone.txt'));
  await treeItem(page, 'gone.txt').click();
  await expect(page.getByTestId('file-error')).toHaveText('Could not read gone.txt: The file gone.txt does not exist.');
  await expect(page.getByTestId('file-tree')).not.toContainText('does not exist');
});
