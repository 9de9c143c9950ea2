/**
 * The files panel's room: its left edge dragged (or moved with the arrow keys) resizes it, the
 * width kept across a reload and within the window; the viewer can take the whole panel, the tree
 * hidden; a long line scrolls sideways to its end rather than being cut. None of it on a phone,
 * where the panel is the whole screen already.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/baton-test';

const LINE_END = 'END_OF_THE_LONG_LINE';
const LONG_LINE = `const long = "${'abcdefghij'.repeat(60)}"; // ${LINE_END}`;

// One relay for the file: its tests only open files.
test.use({
  relayScope: 'file',
  relayOptions: { offlineDemo: true },
  workspaceOptions: { files: { 'long.ts': `const short = 1;\n${LONG_LINE}\nconst after = 2;\n`, 'notes.txt': 'one\ntwo\n' } },
});

const sidePanel = (page: Page) => page.getByRole('complementary', { name: 'Workspace' });
const splitter = (page: Page) => page.getByRole('separator', { name: 'Resize the files panel' });

async function widthOf(locator: Locator): Promise<number> {
  return Math.round((await locator.boundingBox())?.width ?? 0);
}

async function openFile(page: Page, name: string): Promise<void> {
  await page.getByTestId('file-item').filter({ hasText: name }).click();
  await expect(page.getByTestId('file-viewer')).toHaveAttribute('aria-label', `Contents of ${name}`);
}

test.describe('on a wide page', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('dragging the edge resizes the panel, and the width survives a reload', async ({ page, baton }) => {
    await baton.open();
    const before = await widthOf(sidePanel(page));
    await expect(splitter(page)).toHaveAttribute('aria-valuenow', String(before));

    const edge = await splitter(page).boundingBox();
    if (!edge) throw new Error('the splitter is not on screen');
    const [x, y] = [edge.x + edge.width / 2, edge.y + edge.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 60, y, { steps: 3 });
    await page.mouse.move(x - 150, y, { steps: 3 });
    await page.mouse.up();
    await expect(splitter(page)).toHaveAttribute('aria-valuenow', String(before + 150));
    await expect.poll(() => widthOf(sidePanel(page))).toBe(before + 150);
    // The chat gave up the room; the thread list kept its own.
    await expect(page.getByTestId('composer-input')).toBeVisible();

    await page.reload();
    await baton.expectConnected();
    await expect.poll(() => widthOf(sidePanel(page))).toBe(before + 150);
    await expect(splitter(page)).toHaveAttribute('aria-valuenow', String(before + 150));

    // Dragged far past the window's room, it stops where the thread list and the chat keep theirs.
    const far = await splitter(page).boundingBox();
    if (!far) throw new Error('the splitter is not on screen');
    await page.mouse.move(far.x + far.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(0, y, { steps: 4 });
    await page.mouse.up();
    const widest = Number(await splitter(page).getAttribute('aria-valuemax'));
    expect(widest).toBeLessThan(1280 - 400);
    await expect.poll(() => widthOf(sidePanel(page))).toBe(widest);

    // A narrower window takes the panel back within its room.
    await page.setViewportSize({ width: 1000, height: 800 });
    // The page re-renders on the window's resize event, after setViewportSize returns.
    const maxOf = async () => Number(await splitter(page).getAttribute('aria-valuemax'));
    await expect.poll(maxOf).toBeLessThan(widest);
    const narrowWidest = await maxOf();
    await expect.poll(() => widthOf(sidePanel(page))).toBe(narrowWidest);
    await expect(page.getByTestId('composer-input')).toBeInViewport();
  });

  test('the arrow keys on the focused edge resize the panel, Home and End go to the ends', async ({ page, baton }) => {
    await baton.open();
    const before = await widthOf(sidePanel(page));
    await splitter(page).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(splitter(page)).toHaveAttribute('aria-valuenow', String(before + 32));
    await expect.poll(() => widthOf(sidePanel(page))).toBe(before + 32);
    await page.keyboard.press('ArrowRight');
    await expect(splitter(page)).toHaveAttribute('aria-valuenow', String(before + 16));
    await page.keyboard.press('Home');
    await expect(splitter(page)).toHaveAttribute('aria-valuenow', (await splitter(page).getAttribute('aria-valuemin')) ?? '');
    await expect.poll(() => widthOf(sidePanel(page))).toBe(220);
    await page.keyboard.press('End');
    const widest = Number(await splitter(page).getAttribute('aria-valuemax'));
    await expect.poll(() => widthOf(sidePanel(page))).toBe(widest);
  });

  test('Maximize gives the viewer the whole panel, Restore brings the folders back', async ({ page, baton }) => {
    await baton.open();
    await openFile(page, 'notes.txt');
    const viewer = page.getByTestId('file-viewer');
    const tree = page.getByTestId('file-tree');
    const heightBefore = (await viewer.boundingBox())?.height ?? 0;
    await expect(tree).toBeVisible();

    await page.getByRole('button', { name: 'Maximize' }).click();
    await expect(tree).toBeHidden();
    await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
    await expect.poll(async () => (await viewer.boundingBox())?.height ?? 0).toBeGreaterThan(heightBefore + 40);
    await expect(page.getByTestId('file-content')).toHaveText('one\ntwo\n');

    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(tree).toBeVisible();
    await expect(page.getByTestId('file-item')).toHaveText(['long.ts', 'notes.txt']);
    await expect.poll(async () => Math.round((await viewer.boundingBox())?.height ?? 0)).toBe(Math.round(heightBefore));

    // Maximized, then the window narrowed to a phone's: the tree comes back, as nothing there could restore it.
    await page.getByRole('button', { name: 'Maximize' }).click();
    await expect(tree).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('pane-tab-files').click();
    await expect(tree).toBeVisible();
    await expect(page.getByRole('button', { name: 'Restore' })).toBeHidden();
  });

  test('a long line scrolls sideways to its end instead of being cut', async ({ page, baton }) => {
    await baton.open();
    await openFile(page, 'long.ts');
    await expect(page.getByTestId('file-content')).toContainText(LINE_END);
    const scroller = page.getByTestId('file-lines');
    const sizes = await scroller.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(sizes.scrollWidth).toBeGreaterThan(sizes.clientWidth);
    // The line's end is out of view, then in view once scrolled to the right.
    await expect.poll(() => lineEndInView(scroller)).toBe(false);
    await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect.poll(() => lineEndInView(scroller)).toBe(true);
    // The line numbers stay in view beside it.
    await expect(page.getByTestId('line-number').nth(1)).toBeInViewport();
    const numbers = await page.getByTestId('line-number').nth(1).boundingBox();
    const box = await scroller.boundingBox();
    expect(numbers && box && numbers.x >= box.x - 1).toBe(true);
  });
});

/** Whether the last characters of the long line lie inside the scroller's visible box, not past its edge. */
function lineEndInView(scroller: Locator): Promise<boolean> {
  return scroller.evaluate((element, marker) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(marker) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + marker.length);
      const text = range.getBoundingClientRect();
      const view = element.getBoundingClientRect();
      const visibleRight = view.left + element.clientWidth;
      return text.left >= view.left && text.right <= visibleRight + 1;
    }
    throw new Error(`${marker} is not in the viewer`);
  }, LINE_END);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the panel is the whole screen: no edge to drag, no Maximize', async ({ page, baton }) => {
    await baton.open();
    await page.getByTestId('pane-tab-files').click();
    await openFile(page, 'long.ts');
    await expect.poll(() => widthOf(sidePanel(page))).toBe(390);
    await expect(splitter(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Maximize' })).toBeHidden();
    await expect(page.getByTestId('file-tree')).toBeVisible();
  });
});
