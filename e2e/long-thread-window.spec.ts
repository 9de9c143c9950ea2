/**
 * A thread of thousands of entries read from its first entry: "Jump to the start" opens it there,
 * the reader scrolls down through every page to the newest, and up from the newest to the first,
 * while the tab holds a bounded number of entries (the oldest go as newer pages come, the newest
 * as older ones come), and a turn
 * that ran meanwhile is there when the reader jumps back to the latest.
 */
import type { Page } from '@playwright/test';
import { MAX_HELD_ENTRIES } from '../stores/entry-list';
import { expect, test } from './fixtures/seeded-thread';
import { BatonPage } from './support/baton-page';
import { heldEntries, listState } from './support/entry-window';
import { longThreadEntries, NEWEST_MARKER, OLDEST_MARKER } from './support/long-thread';
import { settledView } from './support/visible-entries';

/** Twice the entries a tab holds, and more: reading it up from the newest drops the newest. */
const ENTRIES = MAX_HELD_ENTRIES * 2 + 400;
test.use({ seededThread: { entries: longThreadEntries(ENTRIES) } });

function list(page: Page) {
  return page.getByTestId('chat-entries');
}

/** Polls `step` every 100 ms until it finds `marker` once; a timeout's error tells where the list stood at the last poll. */
async function scrollUntilShown(page: Page, marker: string, step: () => Promise<void>): Promise<void> {
  let state = '';
  try {
    await expect
      .poll(
        async () => {
          await step();
          state = await listState(page);
          return page.getByText(marker).count();
        },
        { intervals: [100], timeout: 90_000 },
      )
      .toBe(1);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nthe list at the last poll: ${state}`, { cause: error });
  }
}

/** Text found in entry `index` and in no other (long-thread.ts writes four entries a round). */
function expectedText(index: number): RegExp {
  const round = Math.floor(index / 4);
  return [
    new RegExp(`can module ${round} look items up`),
    new RegExp(`lookup${round}\\(`),
    new RegExp(`module-${round}\\.ts`),
    new RegExp(`Done with step ${round}[: ]`),
  ][index % 4]!;
}

/** The entries rendered now are a run of consecutive positions, each showing its own entry. */
async function expectConsecutiveEntries(page: Page): Promise<void> {
  const rendered = await list(page)
    .locator('[data-entry-index]')
    .evaluateAll((items) => items.map((item) => ({ index: Number(item.getAttribute('data-entry-index')), text: item.textContent ?? '' })));
  expect(rendered.length).toBeGreaterThan(0);
  const wrong = rendered.filter(
    ({ index, text }, position) => (position > 0 && index !== rendered[position - 1]!.index + 1) || !expectedText(index).test(text),
  );
  expect(wrong.map(({ index }) => index)).toEqual([]);
}

async function openAtNewest(baton: BatonPage): Promise<void> {
  await baton.open();
  await baton.threadItem('A long session').click();
  await expect(baton.page.getByText(NEWEST_MARKER)).toBeInViewport();
}

async function jumpToStart(page: Page): Promise<void> {
  const jump = page.getByRole('button', { name: 'Jump to the start' });
  await jump.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(OLDEST_MARKER)).toBeInViewport();
  await expect(jump).toHaveCount(0);
}

test('"Jump to the start" opens a long thread at its first entry; a turn run meanwhile shows on jumping back to the latest', async ({
  page,
  context,
  baton,
}) => {
  await openAtNewest(baton);
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

test('reading down from the first entry to the newest, and up from the newest to the first, holds a bounded number of entries', async ({
  page,
  baton,
}) => {
  test.setTimeout(180_000);
  await openAtNewest(baton);
  await jumpToStart(page);

  // Down to the newest: each time the reader reaches the last entry held, the next page comes, and
  // past the bound the oldest go.
  let mostGoingDown = 0;
  await scrollUntilShown(page, NEWEST_MARKER, async () => {
    await list(page).evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    mostGoingDown = Math.max(mostGoingDown, (await heldEntries(page)).count);
  });
  const atEnd = await heldEntries(page);
  expect(atEnd.reachesEnd).toBe(true);
  expect(mostGoingDown).toBeLessThanOrEqual(MAX_HELD_ENTRIES);
  expect(atEnd.first).toBeGreaterThan(0);
  await expect(page.getByText(OLDEST_MARKER)).toHaveCount(0);
  await settledView(page);
  await expectConsecutiveEntries(page);

  // Opened again at the newest and read up to the first entry: past the bound, the newest go.
  await openAtNewest(baton);
  let most = 0;
  await scrollUntilShown(page, OLDEST_MARKER, async () => {
    await list(page).evaluate((element) => element.scrollTo({ top: 0 }));
    most = Math.max(most, (await heldEntries(page)).count);
  });
  const atStart = await heldEntries(page);
  expect(atStart).toMatchObject({ first: 0, reachesEnd: false });
  expect(most).toBeLessThanOrEqual(MAX_HELD_ENTRIES);
  await expect(page.getByText(NEWEST_MARKER)).toHaveCount(0);
  // Once the list has stopped: in the frames after a drag it may still show placeholders.
  await settledView(page);
  await expectConsecutiveEntries(page);
});
