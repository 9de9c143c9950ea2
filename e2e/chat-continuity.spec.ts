/**
 * Reading a long thread page by page: walking from its end to its start with PageUp (older pages
 * arriving on the way) and back with PageDown, the reader sees every entry once, in order, each
 * screen going on from the one before: no entry skipped, the view never jumping. And a link to an
 * entry asks the relay for the page around that entry only, not for the thread's end first.
 */
import type { Page } from '@playwright/test';
import type { ThreadEntry } from '../lib/protocol/thread-model';
import { expect, test } from './fixtures/baton-test';
import { longThreadEntries, NEWEST_MARKER, seedLongThread } from './support/long-thread';
import { settledView, type VisibleEntries } from './support/visible-entries';

/** More than the first page (60) and an older page (100): the walk up loads two older pages. */
const ENTRIES = 240;
const LINKED_AT = 120;

/** The seeded thread's id. */
let threadId: string;

/** A longer answer every few rounds: a table, a quote, a numbered list and two code blocks. */
function longAnswer(round: number): ThreadEntry {
  const chunk = [
    `## Round ${round} in detail`,
    '',
    '| file | before | after |',
    '| --- | --- | --- |',
    `| module-${round}.ts | loop | map |`,
    '',
    '> The lookup was the slow part of every request that touched it.',
    '',
    '1. read the items once',
    '2. build the map',
    '3. answer from the map',
    '',
    '```ts',
    `const index${round} = new Map(items.map((item) => [item.key, item]));`,
    '```',
    '',
    'And the test that checks it:',
    '',
    '```ts',
    `expect(lookup${round}(items, 'a')).toBe(items[0]);`,
    `expect(lookup${round}(items, 'z')).toBeUndefined();`,
    '```',
  ].join('\n');
  return { type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk }] };
}

function seededEntries(): ThreadEntry[] {
  return longThreadEntries(ENTRIES).map((entry, index) => (index % 12 === 7 ? longAnswer(index) : entry));
}

test.use({
  workspaceOptions: {
    prepare: async (workspace) => {
      threadId = await seedLongThread(workspace.dataDir, seededEntries());
    },
  },
});

function list(page: Page) {
  return page.getByTestId('chat-entries');
}

/** Presses `key` until the view shows `last` at its edge, recording every settled view. */
async function walk(page: Page, key: 'PageUp' | 'PageDown', last: number): Promise<VisibleEntries[]> {
  const views = [await settledView(page)];
  for (let step = 0; step < 400; step++) {
    const current = views.at(-1)!;
    const done = key === 'PageUp' ? current.first === last && current.atTop : current.last === last && current.atBottom;
    if (done) return views;
    await page.keyboard.press(key);
    views.push(await settledView(page));
  }
  throw new Error(`${key} did not reach entry ${last}: ${JSON.stringify(views.slice(-3))}`);
}

/** Each view goes on from the one before: the edge entry the reader left is still in view, or next to it. */
function gapsBetween(views: readonly VisibleEntries[], direction: 'up' | 'down'): string[] {
  const gaps: string[] = [];
  for (let step = 1; step < views.length; step++) {
    const before = views[step - 1]!;
    const after = views[step]!;
    const continues =
      direction === 'up'
        ? after.last >= before.first - 1 && after.first <= before.first
        : after.first <= before.last + 1 && after.last >= before.last;
    if (!continues) gaps.push(`step ${step}: entries ${before.first}-${before.last} then ${after.first}-${after.last}`);
  }
  return gaps;
}

function seenEntries(views: readonly VisibleEntries[]): number[] {
  const seen = new Set<number>();
  for (const view of views) for (let index = view.first; index <= view.last; index++) seen.add(index);
  return [...seen].sort((a, b) => a - b);
}

const everyEntry = Array.from({ length: ENTRIES }, (_, index) => index);

test('paging up through a long thread and back down shows every entry, in order, without a jump', async ({ page, baton }) => {
  // Some ninety pages each way, each read once the list has settled: longer than one test's usual time.
  test.setTimeout(240_000);
  await baton.open();
  await baton.threadItem('A long session').click();
  await expect(page.getByText(NEWEST_MARKER)).toBeInViewport();
  await list(page).focus();

  const up = await walk(page, 'PageUp', 0);
  expect(gapsBetween(up, 'up')).toEqual([]);
  expect(seenEntries(up)).toEqual(everyEntry);

  const down = await walk(page, 'PageDown', ENTRIES - 1);
  expect(gapsBetween(down, 'down')).toEqual([]);
  expect(seenEntries(down)).toEqual(everyEntry);
  await expect(page.getByText(NEWEST_MARKER)).toBeInViewport();
});

test('a reader at the bottom stays there when the view gets shorter (a phone keyboard opening, the composer growing)', async ({
  page,
  baton,
  relay,
}) => {
  await page.setViewportSize({ width: 1000, height: 900 });
  await baton.open(relay.url);
  await baton.threadItem('A long session').click();
  await expect(page.getByText(NEWEST_MARKER)).toBeInViewport();
  await list(page).evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  expect((await settledView(page)).atBottom).toBe(true);

  await page.setViewportSize({ width: 1000, height: 420 });
  const shorter = await settledView(page);
  expect(shorter.atBottom).toBe(true);
  expect(shorter.last).toBe(ENTRIES - 1);
  await expect(page.getByText(NEWEST_MARKER)).toBeInViewport();

  await baton.composer.fill('one\ntwo\nthree\nfour\nfive\nsix');
  const withComposer = await settledView(page);
  expect(withComposer.atBottom).toBe(true);
  expect(withComposer.last).toBe(ENTRIES - 1);
});

test('a link to an entry loads the page around it in one request, and the thread on either side as the reader scrolls', async ({
  page,
  baton,
  relay,
}) => {
  await baton.open();
  const requests: string[] = [];
  page.on('websocket', (socket) =>
    socket.on(
      'framesent',
      ({ payload }) => typeof payload === 'string' && payload.includes('"getThreadEntries"') && requests.push(payload),
    ),
  );
  await page.goto(`${relay.origin}/t/${encodeURIComponent(threadId)}#entry-${LINKED_AT}`);
  await baton.expectConnected();

  const target = page.locator('.chat-entries__item--target');
  await expect(target).toHaveAttribute('data-entry-index', String(LINKED_AT));
  await expect(target).toBeInViewport();
  await expect(list(page)).toHaveAttribute('data-reaches-end', 'false');
  // The one request that loaded the entry asked for the page around it: the thread's end was never read.
  expect(requests.length).toBeGreaterThan(0);
  expect(requests[0]).toContain(`"around":${LINKED_AT}`);
  expect(requests.filter((request) => !/"(around|before|after)":/.test(request))).toEqual([]);

  // Older entries come as the reader scrolls up, newer ones as they scroll down to the end.
  await expect
    .poll(async () => {
      await list(page).evaluate((element) => element.scrollTo({ top: 0 }));
      return (await settledView(page)).first;
    })
    .toBe(0);
  await expect
    .poll(async () => {
      await list(page).evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      return page.getByText(NEWEST_MARKER).count();
    })
    .toBe(1);
});
