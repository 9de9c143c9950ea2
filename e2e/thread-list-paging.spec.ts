/**
 * A thread list longer than one page (getThreads pages newest first): the first page shows, and
 * scrolling to its end brings the rest, in order, with no thread twice.
 */
import path from 'node:path';
import { openThreadStore } from '../server/store/prisma-thread-store';
import { THREAD_LIST_PAGE } from '../stores/thread-list-slice';
import { expect, test } from './fixtures/baton-test';

const THREAD_COUNT = THREAD_LIST_PAGE + 25;

test.use({
  relayOptions: { offlineDemo: true },
  workspaceOptions: {
    prepare: async (workspace) => {
      const store = await openThreadStore({ databaseFile: path.join(workspace.dataDir, 'baton.db') });
      try {
        for (let number = 1; number <= THREAD_COUNT; number += 1) await store.createThread(`Errand ${number}`, 'builtin');
      } finally {
        await store.close();
      }
    },
  },
});

test('a list longer than a page shows the newest first and brings the older ones on scrolling down', async ({ page, baton }) => {
  await baton.open();
  await expect(baton.threadItems).toHaveCount(THREAD_LIST_PAGE);
  await expect(page.getByTestId('thread-list-more')).toHaveCount(1);

  await baton.threadItems.last().scrollIntoViewIfNeeded();
  await expect(baton.threadItems).toHaveCount(THREAD_COUNT);
  await expect(page.getByTestId('thread-list-more')).toHaveCount(0);

  const titles = await baton.threadItems.locator('[class*="title"]').allTextContents();
  expect(new Set(titles).size).toBe(THREAD_COUNT);
  const times = await baton.threadItems.locator('time').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
  expect(times).toEqual([...times].sort().reverse());
});
