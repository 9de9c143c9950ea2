/**
 * A thread far longer than a screen: it opens at its newest entries, older ones appear as the
 * reader scrolls up to them, the page holds only what is near the view, and an answer streaming
 * in stays in view unless the reader has scrolled away from it.
 */
import type { Page } from '@playwright/test';
import { expect, type ScriptedModel, test } from './fixtures/seeded-thread';
import { BatonPage } from './support/baton-page';
import { reportEntryWindowOnFailure, type EntryPageRequest, heldEntries, recordEntryPages } from './support/entry-window';
import { longThreadEntries, NEWEST_MARKER, OLDEST_MARKER } from './support/long-thread';
import { heldAnswerScript } from './support/model-scripts';

const ENTRIES = 1_200;
/** Far below the ~19 elements a rendered entry takes times the entries in the thread. */
const MAX_ELEMENTS_IN_LIST = 1_500;
const MAX_ENTRIES_IN_PAGE = 80;
/** A fling of the wheel up a long thread: turns of a screen and more, together far less than the thread. */
const FLING_TURNS = 20;
const FLING_TURN_PX = 1_500;

let held = heldAnswerScript();
test.use({ seededThread: { entries: longThreadEntries(ENTRIES) } });

/** The model holds its next answers after a few words until `held.gate` opens. */
function holdAnswers(model: ScriptedModel): void {
  held = heldAnswerScript();
  model.script = held.script;
}

// An answer still held would keep its turn, and the relay, from ending.
test.afterEach(() => held.gate.open());

// Every page of entries the test's page asks for; a failed test prints them with the list's window.
let pages: EntryPageRequest[] = [];
test.beforeEach(({ page }) => {
  pages = recordEntryPages(page);
});
test.afterEach(({ page }, testInfo) => reportEntryWindowOnFailure(page, pages, testInfo));

/** The pages of newer entries asked for: none while the reader goes up from the thread's end. */
function newerPages(): EntryPageRequest[] {
  return pages.filter((request) => request.after !== undefined);
}

function list(page: Page) {
  return page.getByTestId('chat-entries');
}

/**
 * The reader scrolls up with the wheel over the list: their own input, which is how the list tells
 * their move from its own (while an answer streams, the list and the browser move the view too).
 * Returns once the list has come to rest: the wheel's scroll is animated, and a prompt sent
 * meanwhile would be carried up by the rest of it.
 */
async function wheelUp(page: Page, pixels: number): Promise<void> {
  const box = await list(page).boundingBox();
  if (!box) throw new Error('the list is not on the page');
  await list(page).evaluate((element) => {
    element.dataset.wheelRested = 'false';
    element.addEventListener('scrollend', () => (element.dataset.wheelRested = 'true'), { once: true });
  });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -pixels);
  await expect(list(page)).toHaveAttribute('data-wheel-rested', 'true');
}

/**
 * Marks the list once it has drawn a placeholder at any moment (they are gone once it stops), and
 * whether it has come to rest since the wheel last turned over it.
 */
async function watchPlaceholders(page: Page): Promise<void> {
  await list(page).evaluate((element) => {
    const seen = new MutationObserver(() => {
      if (!element.querySelector('[data-testid="entry-placeholder"]')) return;
      element.dataset.placeholderSeen = 'true';
      seen.disconnect();
    });
    seen.observe(element, { childList: true, subtree: true });
    element.addEventListener('wheel', () => (element.dataset.resting = 'false'), { passive: true });
    element.addEventListener('scrollend', () => (element.dataset.resting = 'true'));
  });
}

/** Whether the thread's first entry is drawn inside the list's visible part, by its box. */
async function oldestInView(page: Page): Promise<boolean> {
  // Read in one step in the page: the entry may be unloaded between two steps from here.
  return list(page).evaluate((element, marker) => {
    const holder = [...element.querySelectorAll('*')].find((node) => node.childElementCount === 0 && node.textContent?.includes(marker));
    if (!holder) return false;
    const shown = element.getBoundingClientRect();
    const oldest = holder.getBoundingClientRect();
    return oldest.top >= shown.top && oldest.bottom <= shown.bottom;
  }, OLDEST_MARKER);
}

/**
 * The page puts the list at its top, again and again, as older pages arrive above: its own jumps,
 * however often they come, are no drag of the reader's and show the entries themselves. Until the
 * list's top is reached: a page arriving above keeps the entry in view where it was, so the oldest
 * entry may be drawn for a moment and then lie above the view again.
 */
async function scrollToOldest(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        await list(page).evaluate((element) => element.scrollTo({ top: 0 }));
        return oldestInView(page);
      },
      { intervals: [100], timeout: 60_000 },
    )
    .toBe(true);
}

/**
 * From before the thread opens, the last entry the list has drawn is redrawn a pixel taller or
 * shorter in every frame, until `stopRedrawing`: what a busy machine does for seconds after a long
 * thread opens (entries measured, their Markdown rendered, their code highlighted), here in every
 * frame rather than now and then.
 */
async function keepRedrawingEntries(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const redraw = () => {
      if ((window as unknown as { stopRedrawing?: boolean }).stopRedrawing) return;
      const drawn = document.querySelectorAll<HTMLElement>('[data-testid="chat-entries"] [data-entry-index]');
      const last = drawn[drawn.length - 1];
      if (last) last.style.paddingBottom = last.style.paddingBottom === '1px' ? '' : '1px';
      requestAnimationFrame(redraw);
    };
    requestAnimationFrame(redraw);
  });
}

/** Stops the redrawing; resolves two frames later, by when the list has taken in the last change. */
async function stopRedrawing(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { stopRedrawing: boolean }).stopRedrawing = true;
    return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

async function expectSmallPage(page: Page): Promise<void> {
  expect(await list(page).locator('*').count()).toBeLessThan(MAX_ELEMENTS_IN_LIST);
  const entries = page.locator('[data-testid="message-user"], [data-testid="message-assistant"], [data-testid="tool-call-card"]');
  expect(await entries.count()).toBeLessThan(MAX_ENTRIES_IN_PAGE);
}

test('a long thread opens at its newest entries, shows older ones on scrolling up, and keeps the page small', async ({ page, baton }) => {
  await baton.open();
  await baton.threadItems.first().click();

  await expect(page.getByText(NEWEST_MARKER)).toBeVisible();
  await expect(page.getByText(NEWEST_MARKER)).toBeInViewport();
  await expect(page.getByText(OLDEST_MARKER)).toHaveCount(0);
  await expectSmallPage(page);
  await watchPlaceholders(page);

  await scrollToOldest(page);
  await expect(list(page)).not.toHaveAttribute('data-placeholder-seen', 'true');
  await expect(page.getByText(OLDEST_MARKER)).toBeVisible();
  await expect(page.getByText(OLDEST_MARKER)).toBeInViewport();
  await expect(page.getByText(NEWEST_MARKER)).toHaveCount(0);
  await expectSmallPage(page);
  // Past the bound the newest entries went as older pages came: none came back.
  expect(newerPages()).toEqual([]);
});

test('entries changing height for long after a long thread opens neither take the reader who went up back to its end nor page newer entries in', async ({
  page,
  baton,
}) => {
  await keepRedrawingEntries(page);
  await baton.open();
  await baton.threadItems.first().click();
  await expect(page.getByText(NEWEST_MARKER)).toBeInViewport();

  // Reading up while the entries are still being redrawn: the list's move to the end on opening
  // is over once the reader has left it, however long the redrawing goes on.
  await scrollToOldest(page);
  await stopRedrawing(page);
  await expect(page.getByText(OLDEST_MARKER)).toBeInViewport();
  expect(await heldEntries(page)).toMatchObject({ first: 0, reachesEnd: false });
  expect(newerPages()).toEqual([]);
});

test('a long thread opens drawing only the entries in view, then those around them', async ({ page, baton }) => {
  await baton.open();
  // Every entry the list draws until the newest is shown.
  await page.evaluate((marker) => {
    const drawn = new Set<string>();
    (window as unknown as { drawnOnOpening: Set<string> }).drawnOnOpening = drawn;
    const watch = new MutationObserver(() => {
      const list = document.querySelector('[data-testid="chat-entries"]');
      if (!list) return;
      for (const entry of list.querySelectorAll<HTMLElement>('[data-entry-index]')) drawn.add(entry.dataset.entryIndex ?? '');
      if (list.textContent?.includes(marker)) watch.disconnect();
    });
    watch.observe(document.body, { childList: true, subtree: true });
  }, NEWEST_MARKER);
  await baton.threadItems.first().click();
  await expect(page.getByText(NEWEST_MARKER)).toBeInViewport();

  const drawn = await page.evaluate(() => [...(window as unknown as { drawnOnOpening: Set<string> }).drawnOnOpening]);
  // The list starts at the top of the page it was given, then goes to the newest entries. At the
  // top it draws about a view's entries (as many as it takes to fit, by the height it assumes for
  // them), not the margin below that view too: the entries it holds once there are not among them.
  const held = await list(page).evaluate((element) => {
    const view = element.getBoundingClientRect();
    const entries = [...element.querySelectorAll<HTMLElement>('[data-entry-index]')];
    const inView = entries.filter((entry) => {
      const box = entry.getBoundingClientRect();
      return box.bottom > view.top && box.top < view.bottom;
    });
    return { indexes: entries.map((entry) => entry.dataset.entryIndex ?? ''), inView: inView.length };
  });
  const drawnAtTheTop = drawn.filter((index) => !held.indexes.includes(index));
  expect(held.inView).toBeGreaterThan(0);
  expect(drawnAtTheTop.length).toBeGreaterThan(0);
  expect(drawnAtTheTop.length).toBeLessThanOrEqual(2 * held.inView);
  // Then the list draws its margin: entries wholly above the view, ready for a scroll up.
  await expect
    .poll(() =>
      list(page).evaluate((element) => {
        const view = element.getBoundingClientRect();
        return [...element.querySelectorAll('[data-entry-index]')].some((entry) => entry.getBoundingClientRect().bottom < view.top);
      }),
    )
    .toBe(true);
});

/** Opens the long thread, at its newest entries. */
async function openAtNewest(page: Page, baton: BatonPage): Promise<void> {
  await baton.open();
  await baton.threadItems.first().click();
  await expect(page.getByText(NEWEST_MARKER)).toBeInViewport();
}

/** How many entries the list holds wholly outside its view: its margin's. */
function entriesOutOfView(page: Page): Promise<number> {
  return list(page).evaluate((element) => {
    const view = element.getBoundingClientRect();
    return [...element.querySelectorAll('[data-entry-index]')].filter((entry) => {
      const box = entry.getBoundingClientRect();
      return box.bottom <= view.top || box.top >= view.bottom;
    }).length;
  });
}

test("while the reader's button is down on the list's scrollbar it draws only the entries in view, then those around them again", async ({
  page,
  baton,
}) => {
  await openAtNewest(page, baton);
  await expect.poll(() => entriesOutOfView(page)).toBeGreaterThan(0);

  // The press a drag of the scrollbar's thumb begins with (Chromium here draws no scrollbar to
  // press, so the list is sent the event the press would send it), and the drag's first move, two
  // screens up: what it draws is what comes into view.
  await list(page).evaluate((element) => {
    element.dispatchEvent(new PointerEvent('pointerdown', { button: 0, buttons: 1, pointerType: 'mouse', bubbles: true }));
    requestAnimationFrame(() => (element.scrollTop -= 2 * element.clientHeight));
  });
  await expect(page.getByText(NEWEST_MARKER)).not.toBeInViewport();
  await expect.poll(() => entriesOutOfView(page)).toBe(0);

  // Released, the list draws its margin again, around the entries the drag stopped at.
  await page.evaluate(() => window.dispatchEvent(new PointerEvent('pointerup', { button: 0, pointerType: 'mouse', bubbles: true })));
  await expect.poll(() => entriesOutOfView(page)).toBeGreaterThan(0);
});

test('an answer streaming into a long thread stays in view, unless the reader scrolled up', async ({ page, baton, model }) => {
  holdAnswers(model);
  await openAtNewest(page, baton);

  await baton.send('Tell me the news');
  await expect(baton.assistantMessages.last()).toContainText('Here is');
  held.gate.open();
  await baton.expectTurnFinished();
  await expect(baton.assistantMessages.last()).toContainText('That is all.');
  await expect(baton.assistantMessages.last().getByText('That is all.')).toBeInViewport();

  // The next answer streams while the reader looks further up: the view is left where they put it.
  holdAnswers(model);
  await baton.send('And again');
  await expect(baton.assistantMessages.last()).toContainText('Here is');
  await wheelUp(page, 3_000);
  await expect(baton.userMessages.filter({ hasText: 'And again' })).not.toBeInViewport();
  held.gate.open();
  await baton.expectTurnFinished();
  // Two frames: any scroll the finished answer would cause has happened by then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(baton.userMessages.filter({ hasText: 'And again' })).not.toBeInViewport();
  await expectSmallPage(page);
});

test('new entries arriving while the reader is scrolled up show "Jump to latest"; a prompt sent from there shows at the end', async ({
  page,
  context,
  baton,
  model,
}) => {
  holdAnswers(model);
  await openAtNewest(page, baton);
  const jump = page.getByTestId('jump-to-latest');
  const other = new BatonPage(await context.newPage());
  await other.open(page.url());

  // The same thread gets a prompt in a second tab while the reader is at the bottom: followed, no button.
  await other.send('First news from the other tab');
  await expect(baton.assistantMessages.last()).toContainText('Here is');
  held.gate.open();
  await expect(baton.assistantMessages.last().getByText('That is all.')).toBeInViewport();
  await other.expectTurnFinished();
  await expect(jump).toHaveCount(0);

  // Scrolled up with nothing new: no button.
  holdAnswers(model);
  await wheelUp(page, 3_000);
  await expect(page.getByText('First news from the other tab')).not.toBeInViewport();
  await expect(jump).toHaveCount(0);

  // Entries arriving below the reader: the button shows, the view stays where the reader put it.
  await other.send('More news from the other tab');
  await expect(other.assistantMessages.last()).toContainText('Here is');
  await expect(jump).toBeVisible();
  await expect(page.getByText('First news from the other tab')).not.toBeInViewport();

  await jump.click();
  await expect(baton.assistantMessages.last()).toBeInViewport();
  await expect(baton.assistantMessages.last()).toContainText('Here is');
  await expect(jump).toHaveCount(0);
  held.gate.open();
  await baton.expectTurnFinished();
  await expect(baton.assistantMessages.last().getByText('That is all.')).toBeInViewport();

  // Scrolled up again, the reader sends a prompt: the view goes to it.
  holdAnswers(model);
  await wheelUp(page, 3_000);
  await expect(page.getByText('More news from the other tab')).not.toBeInViewport();
  await baton.send('Sent from far up');
  await expect(baton.userMessages.filter({ hasText: 'Sent from far up' })).toBeInViewport();
  await expect(baton.assistantMessages.last()).toContainText('Here is');
  await expect(baton.assistantMessages.last()).toBeInViewport();
  await expect(jump).toHaveCount(0);
});

test('entries passed by in a drag faster than anyone reads show as placeholders, then fully rendered where the list stops, without a jump', async ({
  page,
  baton,
}) => {
  await openAtNewest(page, baton);
  await watchPlaceholders(page);

  // The wheel flung up over the list, turn after turn, a screen and more each: the reader's own
  // input, which is what tells a drag from the list's own jumps (a busy machine's frames may come
  // far apart and still count).
  const box = await list(page).boundingBox();
  if (!box) throw new Error('the list is not on the page');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let turn = 0; turn < FLING_TURNS; turn++) await page.mouse.wheel(0, -FLING_TURN_PX);
  await expect(list(page)).toHaveAttribute('data-resting', 'true');
  await expect(list(page)).toHaveAttribute('data-placeholder-seen', 'true');
  // Once stopped, the entries are drawn again: the one at the top of the view stays where it is
  // as they are measured, parsed and highlighted.
  await expect(list(page).locator('[data-testid="entry-placeholder"]')).toHaveCount(0);
  const topEntry = () =>
    list(page).evaluate((element) => {
      const top = element.getBoundingClientRect().top;
      const entry = [...element.querySelectorAll<HTMLElement>('[data-entry-index]')].find(
        (item) => item.getBoundingClientRect().bottom > top + 1,
      );
      return entry ? { index: entry.dataset.entryIndex, top: Math.round(entry.getBoundingClientRect().top) } : null;
    });
  const stoppedAt = await topEntry();
  expect(stoppedAt).not.toBeNull();
  // Every answer in the page (in view and in the list's margin) is rendered by the Markdown
  // renderer, not left as its sketch: its heading and its highlighted code are there.
  // The Markdown answers, not the one-line closing messages between them (whichever entry the drag
  // stopped at is first in the page).
  const answers = list(page)
    .locator('[data-testid="message-assistant"]')
    .filter({ hasText: /Module \d+ keeps its state/ });
  await expect(answers).not.toHaveCount(0);
  await expect(list(page).locator('[data-sketch="true"]')).toHaveCount(0);
  await expect(answers.first().locator('h3')).toHaveCount(1);
  await expect(answers.first().locator('[data-testid="code-block"][data-highlighted="true"]')).toHaveCount(1);
  await expect(list(page).locator('[data-testid="code-block"]:not([data-highlighted="true"])')).toHaveCount(0);
  // Two frames: a correction of the list's place for what it measured has happened by then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await topEntry()).toEqual(stoppedAt);
});
