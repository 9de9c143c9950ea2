/**
 * The parts of the page that show a thread (the list, the Markdown renderer, a tool call's body)
 * come when the reader is about to need them, not with the page: the pointer on the thread list,
 * or a prompt being typed. The thread then opened, or the answer then streamed, fetches no script,
 * so its first entries are drawn in tasks that do not also load and run those chunks.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/seeded-thread';
import { longThreadEntries, NEWEST_MARKER } from './support/long-thread';

test.use({ seededThread: { entries: longThreadEntries(40) } });

/** The page's script requests: those made so far, and those not finished yet. */
function watchScripts(page: Page): { made: string[]; pending: Set<string> } {
  const scripts = { made: [] as string[], pending: new Set<string>() };
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.made.push(request.url());
    scripts.pending.add(request.url());
  });
  const done = (request: { url(): string }) => scripts.pending.delete(request.url());
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return scripts;
}

/** The highlighter's worker fetches its own scripts, which run off the page's thread. */
const onPageThread = (url: string) => !new URL(url).pathname.includes('/highlight-worker/');

/** Waits until the page has asked for more scripts than `before` and has them all. */
async function scriptsFetched(scripts: { made: string[]; pending: Set<string> }, before: number): Promise<void> {
  await expect.poll(() => scripts.made.length).toBeGreaterThan(before);
  await expect.poll(() => scripts.pending.size).toBe(0);
}

test('the pointer on the thread list fetches the thread view: the thread then opened fetches no script', async ({ page, baton }) => {
  const scripts = watchScripts(page);
  await baton.open();
  await expect(page.getByTestId('thread-list')).toHaveAttribute('data-state', 'loaded');
  await expect.poll(() => scripts.pending.size).toBe(0);
  const withPage = scripts.made.length;

  await baton.threadItems.first().hover();
  await scriptsFetched(scripts, withPage);
  const beforeOpening = scripts.made.length;
  await baton.threadItems.first().click();
  await expect(page.getByTestId('chat-entries')).toContainText(NEWEST_MARKER);
  await expect(baton.toolCards.first()).toBeVisible();
  // Highlighted code is the last thing opening the thread draws: whatever it fetched is asked for by then.
  await expect(page.getByTestId('code-block').last()).toHaveAttribute('data-highlighted', 'true');
  expect(scripts.made.slice(beforeOpening).filter(onPageThread)).toEqual([]);
});

test('typing a first prompt fetches the thread view: its answer then streams in with no script fetched', async ({ page, baton }) => {
  const scripts = watchScripts(page);
  await baton.open();
  await baton.newThread();
  await expect.poll(() => scripts.pending.size).toBe(0);
  const withPage = scripts.made.length;

  await baton.composer.fill('Say something about modules');
  await scriptsFetched(scripts, withPage);
  const beforeSending = scripts.made.length;
  await baton.composer.press('Enter');
  await expect(baton.assistantMessages.first()).toBeVisible();
  await baton.expectTurnFinished();
  expect(scripts.made.slice(beforeSending)).toEqual([]);
});
