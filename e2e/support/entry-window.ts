/**
 * What the chat list holds of a long thread and how it got there: the window of entries the tab
 * holds (the list's data attributes), where its scroller stands, and every page of entries the
 * page asked the relay for. A long-thread spec that fails prints these, so that a flake seen once
 * says whether the window moved, which way and on which request.
 */
import type { Page, TestInfo } from '@playwright/test';
import { type GetThreadEntriesParams, GetThreadEntriesParamsSchema } from '../../lib/protocol/thread-events';

function list(page: Page) {
  return page.getByTestId('chat-entries');
}

/** The entries the tab holds: the first one's position in the thread, how many, whether they reach its end. */
export async function heldEntries(page: Page): Promise<{ first: number; count: number; reachesEnd: boolean }> {
  const [first, count, reachesEnd] = await Promise.all(
    ['data-first-index', 'data-entry-count', 'data-reaches-end'].map((name) => list(page).getAttribute(name)),
  );
  return { first: Number(first), count: Number(count), reachesEnd: reachesEnd === 'true' };
}

/**
 * Where the list stands: what the tab holds, where its scroller is, and the first entry drawn. A
 * reading that never arrives says with this where it stopped (the view, the window, the paging).
 */
export async function listState(page: Page): Promise<string> {
  const scroller = await list(page).evaluate((element) => ({
    scrollTop: Math.round(element.scrollTop),
    scrollHeight: element.scrollHeight,
    clientHeight: element.clientHeight,
    firstDrawn: element.querySelector('[data-entry-index]')?.getAttribute('data-entry-index'),
  }));
  return JSON.stringify({ ...(await heldEntries(page)), ...scroller });
}

/** A page of entries asked for: `before` an older one, `after` a newer one, neither the thread's end. */
export type EntryPageRequest = Pick<GetThreadEntriesParams, 'limit' | 'before' | 'after' | 'around'>;

/**
 * Every `getThreadEntries` the page sends from now on, in order, read from its socket's frames
 * (socket.io's `42["rpc", message]`): the store's own requests, whatever part of the page made them.
 */
export function recordEntryPages(page: Page): EntryPageRequest[] {
  const pages: EntryPageRequest[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      if (typeof payload !== 'string' || !payload.includes('"getThreadEntries"')) return;
      const [, message] = JSON.parse(payload.slice(payload.indexOf('['))) as [string, { params?: unknown }];
      const { limit, before, after, around } = GetThreadEntriesParamsSchema.parse(message.params);
      pages.push({ limit, before, after, around });
    }),
  );
  return pages;
}

/**
 * On a failed test, prints the list's state and the pages of entries asked for (as the fixtures
 * print the relay's report: the reporter shows a failed test's output whole, an attachment cut
 * short). The page may be gone by then (a timeout): that is said instead.
 */
export async function reportEntryWindowOnFailure(page: Page, pages: readonly EntryPageRequest[], testInfo: TestInfo): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus) return;
  const state = await listState(page).catch((error: unknown) => `not readable: ${error instanceof Error ? error.message : String(error)}`);
  const requests = pages.map((request) => `  ${JSON.stringify(request)}`).join('\n');
  console.log(`the chat list at the end: ${state}\nthe pages of entries asked for, in order:\n${requests}`);
}
