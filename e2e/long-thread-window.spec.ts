/**
 * A thread of thousands of entries read from its first entry: "Jump to the start" opens it there,
 * the reader scrolls down (or up from the newest) through every page while the tab holds a bounded
 * number of entries, dropping those far from the view without moving it, and a turn that ran
 * meanwhile is there when the reader jumps back to the latest.
 */
import { expect, type Page, test } from '@playwright/test';
import { MAX_HELD_ENTRIES } from '../stores/entry-list';
import { BatonPage } from './support/baton-page';
import { longThreadEntries, NEWEST_MARKER, OLDEST_MARKER, type SeededThreadRelay, startSeededThreadRelay } from './support/long-thread';
import { settledView } from './support/visible-entries';

/** Twice the entries a tab holds, and more: reading it through drops entries both ways. */
const ENTRIES = MAX_HELD_ENTRIES * 2 + 400;
/**
 * Less than half a line of text: what entries measured late may still nudge by (the list makes up
 * for them a frame on), far below a jump, which moves by whole entries (a page of them is dropped).
 */
const NO_JUMP_PX = 10;

let seeded: SeededThreadRelay;

test.beforeEach(async () => {
  seeded = await startSeededThreadRelay('long-thread-window', longThreadEntries(ENTRIES));
});

test.afterEach(async () => {
  await seeded.close();
});

function list(page: Page) {
  return page.getByTestId('chat-entries');
}

async function heldEntries(page: Page): Promise<{ first: number; count: number; reachesEnd: boolean }> {
  const [first, count, reachesEnd] = await Promise.all(['data-first-index', 'data-entry-count', 'data-reaches-end'].map((name) => list(page).getAttribute(name)));
  return { first: Number(first), count: Number(count), reachesEnd: reachesEnd === 'true' };
}

/** Text found in entry `index` and in no other (long-thread.ts writes four entries a round). */
function expectedText(index: number): RegExp {
  const round = Math.floor(index / 4);
  return [new RegExp(`can module ${round} look items up`), new RegExp(`lookup${round}\\(`), new RegExp(`module-${round}\\.ts`), new RegExp(`Done with step ${round}[: ]`)][index % 4]!;
}

/** The entries rendered now are a run of consecutive positions, each showing its own entry. */
async function expectConsecutiveEntries(page: Page): Promise<void> {
  const rendered = await list(page)
    .locator('[data-entry-index]')
    .evaluateAll((items) => items.map((item) => ({ index: Number(item.getAttribute('data-entry-index')), text: item.textContent ?? '' })));
  expect(rendered.length).toBeGreaterThan(0);
  const wrong = rendered.filter(({ index, text }, position) => (position > 0 && index !== rendered[position - 1]!.index + 1) || !expectedText(index).test(text));
  expect(wrong.map(({ index }) => index)).toEqual([]);
}

interface Drop {
  index: string;
  offsetBefore: number;
  offsetNow: number;
}

/** In the page: every frame, the entry at the top of the view; the last one seen before the oldest entries last went. */
async function watchDrops(page: Page): Promise<void> {
  await list(page).evaluate((element) => {
    const watched = window as unknown as { lastDrop: { index: string; offset: number } | null };
    watched.lastDrop = null;
    let before: { first: number; index: string; offset: number } | null = null;
    const topEntry = () => {
      const box = element.getBoundingClientRect();
      const item = [...element.querySelectorAll<HTMLElement>('[data-entry-index]')].find((candidate) => candidate.getBoundingClientRect().bottom > box.top + 1);
      return { first: Number(element.getAttribute('data-first-index')), index: item?.dataset.entryIndex ?? '', offset: item ? item.getBoundingClientRect().top - box.top : 0 };
    };
    const frame = () => {
      const now = topEntry();
      if (before && now.first > before.first) watched.lastDrop = { index: before.index, offset: before.offset };
      before = now;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** The last drop noted since the last scroll, and where its top entry is now. */
async function lastDropSinceScroll(page: Page): Promise<Drop | null> {
  return list(page).evaluate((element) => {
    const watched = window as unknown as { lastDrop: { index: string; offset: number } | null };
    const drop = watched.lastDrop;
    const item = drop && element.querySelector<HTMLElement>(`[data-entry-index="${drop.index}"]`);
    if (!drop || !item) return null;
    return { index: drop.index, offsetBefore: drop.offset, offsetNow: item.getBoundingClientRect().top - element.getBoundingClientRect().top };
  });
}

async function openAtNewest(page: Page): Promise<BatonPage> {
  const baton = new BatonPage(page);
  await baton.open(seeded.relay.url);
  await baton.threadItem('A long session').click();
  await expect(page.getByText(NEWEST_MARKER)).toBeInViewport();
  return baton;
}

async function jumpToStart(page: Page): Promise<void> {
  const jump = page.getByRole('button', { name: 'Jump to the start' });
  await jump.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(OLDEST_MARKER)).toBeInViewport();
  await expect(jump).toHaveCount(0);
}

test('"Jump to the start" opens a long thread at its first entry; a turn run meanwhile shows on jumping back to the latest', async ({ page, context }) => {
  await openAtNewest(page);
  await jumpToStart(page);
  expect(await heldEntries(page)).toMatchObject({ first: 0, reachesEnd: false });
  await expectConsecutiveEntries(page);

  // Another tab of the same thread runs a turn while this one reads the start.
  const other = new BatonPage(await context.newPage());
  await other.open(page.url());
  await other.send('Written while the start was read');
  await expect(other.assistantMessages.last()).toContainText('You said: Written while the start was read');
  await other.expectTurnFinished();
  await expect(page.getByText(OLDEST_MARKER)).toBeInViewport();

  await page.getByRole('button', { name: /Jump to latest/ }).click();
  await expect(page.getByText('You said: Written while the start was read')).toBeInViewport();
  expect((await heldEntries(page)).reachesEnd).toBe(true);
  await expect(page.getByRole('button', { name: 'Jump to the start' })).toBeVisible();
});

test('reading down from the first entry and up from the newest holds a bounded number of entries, the view never jumping as far ones go', async ({ page }) => {
  test.setTimeout(180_000);
  await openAtNewest(page);
  await jumpToStart(page);

  // Down to the newest: each time the reader reaches the last entry held, the next page comes, and
  // once the tab holds its most the oldest go. The page notes, in the frame before each drop, which
  // entry was at the top of the view and where: once the view settles, it is still there.
  await watchDrops(page);
  let most = 0;
  let dropsChecked = 0;
  for (let step = 0; step < 200 && !(await heldEntries(page)).reachesEnd; step++) {
    // A drop noted before this scroll is forgotten with it, in one step: the view has moved since.
    await list(page).evaluate((element) => {
      (window as unknown as { lastDrop: unknown }).lastDrop = null;
      element.scrollTo({ top: element.scrollHeight });
    });
    await settledView(page);
    most = Math.max(most, (await heldEntries(page)).count);
    const drop = await lastDropSinceScroll(page);
    if (!drop) continue;
    expect(Math.abs(drop.offsetNow - drop.offsetBefore), `entry ${drop.index} moved as older entries went`).toBeLessThan(NO_JUMP_PX);
    dropsChecked += 1;
  }
  await expect
    .poll(async () => {
      await list(page).evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      return page.getByText(NEWEST_MARKER).count();
    })
    .toBe(1);
  const atEnd = await heldEntries(page);
  expect(atEnd.first).toBeGreaterThan(0);
  expect(most).toBeLessThanOrEqual(MAX_HELD_ENTRIES);
  expect(dropsChecked).toBeGreaterThan(0);
  await expectConsecutiveEntries(page);

  // And up again from the newest to the first entry: the newest go in turn.
  await expect
    .poll(
      async () => {
        await list(page).evaluate((element) => element.scrollTo({ top: 0 }));
        most = Math.max(most, (await heldEntries(page)).count);
        return page.getByText(OLDEST_MARKER).count();
      },
      { intervals: [100], timeout: 90_000 },
    )
    .toBe(1);
  const atStart = await heldEntries(page);
  expect(atStart).toMatchObject({ first: 0, reachesEnd: false });
  expect(most).toBeLessThanOrEqual(MAX_HELD_ENTRIES);
  await expect(page.getByText(NEWEST_MARKER)).toHaveCount(0);
  await expectConsecutiveEntries(page);
});
