/**
 * A link to an entry, or a search result, in the middle of a long thread: the thread opens at that
 * entry: the page around it, not every page from the end down to it, with the entry on screen and
 * marked among its neighbours in order, and the thread's usage shown as at its end.
 */
import type { Page } from '@playwright/test';
import type { ThreadEntry } from '../lib/protocol/thread-model';
import { expect, test } from './fixtures/seeded-thread';
import { BatonPage } from './support/baton-page';
import { longThreadEntries, NEWEST_MARKER } from './support/long-thread';

const ENTRIES = 320;
const LINKED_AT = 120;
const BURIED_WORD = 'xylophonist';
const BURIED_AT = 209;

function seededEntries(): ThreadEntry[] {
  const entries = longThreadEntries(ENTRIES);
  entries[BURIED_AT] = {
    type: 'message',
    role: 'assistant',
    chunks: [{ type: 'text', chunk: `This answer mentioned ${BURIED_WORD} once.` }],
  };
  return entries;
}

/** Text found in entry `index` and in no other (long-thread.ts writes four entries a round). */
function expectedText(index: number): RegExp {
  if (index === BURIED_AT) return new RegExp(BURIED_WORD);
  const round = Math.floor(index / 4);
  switch (index % 4) {
    case 0:
      return new RegExp(`can module ${round} look items up`);
    case 1:
      return new RegExp(`lookup${round}\\(`);
    case 2:
      return new RegExp(`module-${round}\\.ts`);
    default:
      return new RegExp(`Done with step ${round}[: ]`);
  }
}

test.use({ seededThread: { entries: seededEntries() } });

function list(page: Page) {
  return page.getByTestId('chat-entries');
}

/** The entries rendered now are a run of consecutive positions, each showing its own entry. */
async function expectConsecutiveEntries(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const rendered = await list(page)
        .locator('[data-entry-index]')
        .evaluateAll((items) =>
          items.map((item) => ({ index: Number(item.getAttribute('data-entry-index')), text: item.textContent ?? '' })),
        );
      return (
        rendered.length > 0 &&
        rendered.every(
          ({ index, text }, position) => (position === 0 || index === rendered[position - 1]!.index + 1) && expectedText(index).test(text),
        )
      );
    })
    .toBe(true);
}

test('a link to an entry in the middle of a long thread opens at that entry, without loading the thread from its end', async ({
  page,
  baton,
  relay,
  seededThreadId,
}) => {
  // The first visit carries the launch token; the link is then opened as a bookmark would be.
  await baton.open();
  await page.goto(`${relay.origin}/t/${encodeURIComponent(seededThreadId)}#entry-${LINKED_AT}`);
  await baton.expectConnected();

  const target = page.locator('.chat-entries__item--target');
  await expect(target).toHaveAttribute('data-entry-index', String(LINKED_AT));
  await expect(target).toContainText(expectedText(LINKED_AT));
  await expect(target).toBeInViewport();
  // A window around the entry, not the thread paged from its end down to it.
  await expect(list(page)).toHaveAttribute('data-reaches-end', 'false');
  await expect(page.getByText(NEWEST_MARKER)).toHaveCount(0);
  await expectConsecutiveEntries(page);
});

test('a search result in the middle of a long thread opens at its entry', async ({ page, baton }) => {
  await baton.open();
  await page.getByTestId('thread-search').fill(BURIED_WORD);
  // The result, not the row the list showed before the search answered (that one opens at the end).
  const result = baton.threadItem('A long session');
  await expect(result.getByTestId('search-snippet')).toContainText(BURIED_WORD);
  await result.click();

  const focused = page.locator('[data-focused="true"]');
  await expect(focused).toHaveAttribute('data-entry-index', String(BURIED_AT));
  await expect(focused).toContainText(BURIED_WORD);
  await expect(focused).toBeInViewport();
  await expectConsecutiveEntries(page);
});

test('a window in the middle of a thread shows the thread’s usage, as its end does, and follows a turn as it runs', async ({
  page,
  context,
  baton: atEnd,
  relay,
  seededThreadId,
}) => {
  await atEnd.open();
  await atEnd.threadItem('A long session').click();
  await atEnd.send('How many tokens was that?');
  await expect(atEnd.assistantMessages.last()).toContainText('You said: How many tokens was that?');
  await atEnd.expectTurnFinished();
  // The header's figure is the thread's total; its details say what the last turn sent and received.
  const total = page.getByTestId('thread-usage-tokens');
  await expect(total).not.toHaveText('0 tokens');
  const firstTurnTotal = await total.textContent();
  const lastTurn = (await atEnd.openThreadDetails()).getByTestId('thread-details-last-turn');
  await expect(lastTurn).toContainText('received');
  const firstTurnUsage = await lastTurn.textContent();
  await atEnd.closeThreadDetails();

  // The same thread opened from a link into its middle, in a tab of its own: none of its turns are loaded.
  const inWindow = new BatonPage(await context.newPage());
  await inWindow.page.goto(`${relay.origin}/t/${encodeURIComponent(seededThreadId)}#entry-${LINKED_AT}`);
  await inWindow.expectConnected();
  await expect(inWindow.page.locator('.chat-entries__item--target')).toHaveAttribute('data-entry-index', String(LINKED_AT));
  await expect(list(inWindow.page)).toHaveAttribute('data-reaches-end', 'false');
  const windowTotal = inWindow.page.getByTestId('thread-usage-tokens');
  await expect(windowTotal).toHaveText(firstTurnTotal!);
  const windowLastTurn = (await inWindow.openThreadDetails()).getByTestId('thread-details-last-turn');
  await expect(windowLastTurn).toHaveText(firstTurnUsage!);
  await inWindow.closeThreadDetails();

  // Another turn at the end: the window, still where it was, shows the usage the end shows.
  await atEnd.send('And now?');
  await expect(atEnd.assistantMessages.last()).toContainText('You said: And now?');
  await atEnd.expectTurnFinished();
  // The header's totals, read from the store once the turn ended.
  await expect(total).not.toHaveText(firstTurnTotal!);
  await expect(windowTotal).toHaveText((await total.textContent())!);
  await atEnd.openThreadDetails();
  await expect(lastTurn).not.toHaveText(firstTurnUsage!);
  await inWindow.openThreadDetails();
  await expect(windowLastTurn).toHaveText((await lastTurn.textContent())!);
  await expect(list(inWindow.page)).toHaveAttribute('data-reaches-end', 'false');
});
