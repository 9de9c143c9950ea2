/**
 * The thread list as a user meets it: a thread's address survives a reload, back and forward and a
 * second tab; the list is live across tabs (running marks included); search finds words inside an
 * entry and jumps to it; filters and archive; delete asks first and can be undone, in every tab; a
 * thread exists only once its first prompt is sent.
 */
import { createGate, type Gate } from '../server/demo-model/testing/gate';
import type { ModelScript } from '../server/demo-model/scripted-reply';
import { expect, test } from './fixtures/baton-test';
import { BatonPage } from './support/baton-page';
import { longThreadEntries, seedLongThread } from './support/long-thread';
import { echoScript } from './support/model-scripts';

/** Holds an answer to a prompt that asks to take it slowly, until the test opens it. */
let slowAnswer: Gate;

/** A word found in one entry only, far above where a long thread opens. */
const BURIED_WORD = 'quetzalcoatl';
const BURIED_AT = 41;

/** Echoes, except that a prompt saying "slowly" gets an answer held after its first words. */
const echoOrHold: ModelScript = (request) =>
  JSON.stringify(request.messages.at(-1)?.content ?? '').includes('slowly')
    ? {
        blocks: [{ type: 'text', text: 'Thinking it over, one course at a time.' }],
        beforeDelta: (index) => (index === 2 ? slowAnswer.promise : undefined),
      }
    : echoScript(request);

test.use({
  modelOptions: { script: echoOrHold },
  workspaceOptions: {
    prepare: (workspace) => {
      const entries = longThreadEntries(400);
      entries[BURIED_AT] = {
        type: 'message',
        role: 'assistant',
        chunks: [{ type: 'text', chunk: `The old answer mentioned ${BURIED_WORD} once, in passing.` }],
      };
      return seedLongThread(workspace.dataDir, entries);
    },
  },
});

test.beforeEach(() => {
  slowAnswer = createGate();
});

// The held answer lets go, so that the relay can stop.
test.afterEach(() => slowAnswer.open());

async function sendAndFinish(baton: BatonPage, prompt: string): Promise<void> {
  await baton.send(prompt);
  await expect(baton.assistantMessages.last()).toContainText(`You said: ${prompt}`);
  await baton.expectTurnFinished();
}

test('a thread is created by its first prompt, not by New thread, and its address survives a reload', async ({ page, baton, relay }) => {
  await baton.open();
  await expect(baton.threadItems).toHaveCount(1);
  await baton.newThread();
  await baton.newThread();
  await expect(baton.threadItems).toHaveCount(1);

  await sendAndFinish(baton, 'Plan the picnic');
  await expect(baton.threadItems).toHaveCount(2);
  await expect(baton.threadItem('Plan the picnic')).toHaveAttribute('aria-current', 'true');
  const threadId = await baton.threadItem('Plan the picnic').getAttribute('data-thread-id');
  expect(baton.path()).toBe(`/t/${threadId}`);

  await page.reload();
  await baton.expectConnected();
  await expect(baton.userMessages).toHaveText(['Plan the picnic']);
  await expect(baton.threadItem('Plan the picnic')).toHaveAttribute('aria-current', 'true');

  await page.goto(new URL('/t/no-such-thread', relay.origin).href);
  await expect(page.getByTestId('thread-not-found')).toContainText('Thread not found');
  await page.getByTestId('thread-not-found-new-chat').click();
  await expect.poll(() => baton.path()).toBe('/');
  await expect(baton.composer).toBeVisible();
});

test('back and forward move between the threads opened, and a second tab opens the address', async ({ page, context, baton, relay }) => {
  await baton.open();
  await baton.newThread();
  await sendAndFinish(baton, 'First errand');
  const firstPath = baton.path();
  await baton.newThread();
  await sendAndFinish(baton, 'Second errand');
  const secondPath = baton.path();
  expect(secondPath).not.toBe(firstPath);

  await page.goBack();
  await expect.poll(() => baton.path()).toBe('/');
  await page.goBack();
  await expect.poll(() => baton.path()).toBe(firstPath);
  await expect(baton.userMessages).toHaveText(['First errand']);
  await page.goForward();
  await page.goForward();
  await expect.poll(() => baton.path()).toBe(secondPath);
  await expect(baton.userMessages).toHaveText(['Second errand']);

  const second = new BatonPage(await context.newPage());
  await second.page.goto(new URL(firstPath, relay.origin).href);
  await second.expectConnected();
  await expect(second.userMessages).toHaveText(['First errand']);
});

test('two tabs see threads created, renamed and deleted in either', async ({ page, context, relay }) => {
  const first = new BatonPage(page);
  await first.open(relay.url);
  const second = new BatonPage(await context.newPage());
  await second.page.goto(new URL('/', relay.origin).href);
  await second.expectConnected();
  await expect(second.threadItems).toHaveCount(1);

  await first.newThread();
  await sendAndFinish(first, 'Shared shopping list');
  await expect(second.threadItem('Shared shopping list')).toHaveCount(1);

  // The tab a user acts in is the one in front (a background tab's frames are throttled).
  await first.page.bringToFront();
  await first.threadAction('Shared shopping list', 'rename-thread');
  await first.page.getByTestId('thread-title-input').fill('Groceries for Sunday');
  await first.page.getByTestId('thread-title-input').press('Enter');
  await expect(second.threadItem('Groceries for Sunday')).toHaveCount(1);
  await expect(second.threadItem('Shared shopping list')).toHaveCount(0);
  await second.page.bringToFront();
  await second.threadItem('Groceries for Sunday').click();
  await expect(second.userMessages).toHaveText(['Shared shopping list']);

  await first.page.bringToFront();
  await first.threadAction('Groceries for Sunday', 'delete-thread');
  await first.page.getByTestId('confirm-delete-thread').click();
  await expect(second.threadItem('Groceries for Sunday')).toHaveCount(0);
  await expect(second.threadItems).toHaveCount(1);
  await expect(second.page.getByTestId('thread-not-found')).toBeVisible();

  // Undo in the tab that deleted brings it back in the other, which had it open, open again.
  await first.page.getByTestId('undo-delete').click();
  await expect(second.threadItem('Groceries for Sunday')).toHaveCount(1);
  await expect(second.page.getByTestId('thread-not-found')).toHaveCount(0);
  await expect(second.userMessages).toHaveText(['Shared shopping list']);
});

test('a turn running in one tab is marked in the other, a status filter finds it, and the mark goes when it finishes there', async ({
  page,
  context,
  relay,
}) => {
  const first = new BatonPage(page);
  await first.open(relay.url);
  const second = new BatonPage(await context.newPage());
  await second.page.goto(new URL('/', relay.origin).href);
  await second.expectConnected();

  await first.page.bringToFront();
  await first.newThread();
  await first.send('Plan the dinner slowly');
  await expect(first.assistantMessages.last()).toContainText('Thinking');
  await expect.poll(() => first.path()).toMatch(/^\/t\//);
  const threadId = first.path().slice('/t/'.length);
  const inSecond = second.page.locator(`[data-testid="thread-item"][data-thread-id="${threadId}"]`);
  await expect(inSecond).toHaveAttribute('data-status', 'running');
  await expect(inSecond.getByTestId('thread-status')).toHaveText('Running');

  await second.page.bringToFront();
  await second.page.getByTestId('thread-status-filter').selectOption({ label: 'Running' });
  await expect(second.threadItems).toHaveCount(1);
  await expect(inSecond).toHaveCount(1);

  slowAnswer.open();
  await first.expectTurnFinished();
  // Finished in the first tab: it is no longer running, so the second tab's filter lets it go.
  await expect(second.threadItems).toHaveCount(0);
  await expect(second.page.getByTestId('thread-list-empty')).toHaveText('No threads match.');
  await second.page.getByTestId('thread-status-filter').selectOption({ label: 'Any status' });
  await expect(inSecond).toHaveAttribute('data-status', 'idle');
  await expect(inSecond.getByTestId('thread-status')).toHaveCount(0);
  await expect(second.threadItems).toHaveCount(2);
});

test('an archived thread leaves the list, is found under Archived, and comes back when unarchived', async ({ page, baton }) => {
  await baton.open();
  await baton.newThread();
  await sendAndFinish(baton, 'Old receipts');

  await baton.threadAction('Old receipts', 'archive-thread');
  await expect(baton.threadItem('Old receipts')).toHaveCount(0);
  await expect(baton.threadItems).toHaveCount(1);

  await page.getByTestId('show-archived').check();
  await expect(baton.threadItems).toHaveCount(1);
  const menuItem = await baton.openThreadMenu('Old receipts');
  await expect(menuItem('archive-thread')).toHaveText('Unarchive');
  await page.keyboard.press('Escape');
  await page.getByTestId('thread-search').fill('receipts');
  await expect(baton.threadItem('Old receipts')).toHaveCount(1);
  await page.getByTestId('thread-search').fill('');

  await baton.threadAction('Old receipts', 'archive-thread');
  await expect(baton.threadItems).toHaveCount(0);
  await page.getByTestId('show-archived').uncheck();
  await expect(baton.threadItem('Old receipts')).toHaveCount(1);
  await expect(baton.threadItems).toHaveCount(2);
});

test('search finds a word inside an old entry and opens the thread at it', async ({ page, baton }) => {
  await baton.open();
  await page.getByTestId('thread-search').fill(BURIED_WORD);
  const result = baton.threadItem('A long session');
  await expect(result.getByTestId('search-snippet')).toContainText(`mentioned ${BURIED_WORD} once`);
  await expect(result.getByTestId('search-snippet').locator('mark')).toHaveText([BURIED_WORD]);

  await result.click();
  const focused = page.locator('[data-focused="true"]');
  await expect(focused).toContainText(`mentioned ${BURIED_WORD} once`);
  await expect(focused).toBeInViewport();

  await page.getByTestId('thread-search').fill('nothing-matches-this');
  await expect(page.getByTestId('thread-list-empty')).toHaveText('No threads match.');
});

test('delete asks first, and Undo brings the thread back whole', async ({ page, baton }) => {
  await baton.open();
  await baton.newThread();
  await sendAndFinish(baton, 'Keep this one');

  const row = baton.threadRow('Keep this one');
  await baton.threadAction('Keep this one', 'delete-thread');
  await row.getByTestId('cancel-delete-thread').click();
  await expect(baton.threadItem('Keep this one')).toHaveCount(1);

  await baton.threadAction('Keep this one', 'delete-thread');
  await row.getByTestId('confirm-delete-thread').click();
  await expect(baton.threadItem('Keep this one')).toHaveCount(0);
  await expect.poll(() => baton.path()).toBe('/');
  await expect(page.getByTestId('deleted-thread-toast')).toContainText('Keep this one');

  await page.getByTestId('undo-delete').click();
  await expect(baton.threadItem('Keep this one')).toHaveAttribute('aria-current', 'true');
  await expect(baton.userMessages).toHaveText(['Keep this one']);
  await expect(baton.assistantMessages.last()).toContainText('You said: Keep this one');
  await page.reload();
  await baton.expectConnected();
  await expect(baton.threadItem('Keep this one')).toHaveCount(1);
});
