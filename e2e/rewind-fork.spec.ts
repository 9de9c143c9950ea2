/**
 * Rewind and fork, as a user does them with the offline demo model: each prompt makes it write
 * baton-demo.md after approval; rewinding to the second prompt puts the file back as the first
 * turn left it and takes the second turn out of the chat; a fork opens a new thread with the kept
 * history, which goes on from there.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/baton-test';
import type { BatonPage } from './support/baton-page';

const DEMO_FILE = 'baton-demo.md';

// The offline demo: each prompt writes the demo file, once approved.
test.use({ relayOptions: { offlineDemo: true } });
/** Sends the prompt, approves the demo's write and waits for the turn to end. */
async function promptAndApprove(baton: BatonPage, prompt: string): Promise<void> {
  await baton.send(prompt);
  // The list renders what is near the view: the newest card is the last one, the earlier ones succeeded.
  const card = baton.toolCard('write_file').last();
  await expect(card).toHaveAttribute('data-status', 'waiting-approval');
  await card.getByTestId('approve-tool-call').click();
  await expect(card).toHaveAttribute('data-status', 'succeeded');
  await baton.expectTurnFinished();
}

/** The chat list holds only what is near the view: the reader scrolls up to the thread's start. */
async function scrollToStart(page: Page): Promise<void> {
  await page.getByTestId('chat-entries').evaluate((element) => element.scrollTo({ top: 0 }));
}

/**
 * From the thread's start down, as a reader looks for an entry, until `target` is on the page. A
 * reader who reaches the end without seeing it starts again from the top: the list may have been
 * taken to its end after the first scroll up (a thread just opened goes to its newest entry).
 */
async function scrollUntilShown(page: Page, target: Locator): Promise<void> {
  await scrollToStart(page);
  await expect
    .poll(async () => {
      const found = await target.count();
      if (found === 0) {
        await page.getByTestId('chat-entries').evaluate((element) => {
          const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight < 1;
          if (atEnd) element.scrollTo({ top: 0 });
          else element.scrollBy({ top: 200 });
        });
      }
      return found;
    })
    .toBeGreaterThan(0);
}

async function scrollToEnd(page: Page): Promise<void> {
  await page.getByTestId('chat-entries').evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
}

test('rewind puts the edited file back and takes the later entries out of the chat', async ({ page, baton, workspace }) => {
  await baton.open();
  await baton.newThread();
  await promptAndApprove(baton, 'First request');
  await promptAndApprove(baton, 'Second request');
  expect(await workspace.read(DEMO_FILE)).toContain('> Second request');

  const second = page
    .getByTestId('chat-entries')
    .locator('.chat-entries__item')
    .filter({ has: baton.userMessages.filter({ hasText: 'Second request' }) });
  await scrollUntilShown(page, second);
  await (await baton.entryAction(second, 'rewind-to-here')).click();
  const dialog = page.getByTestId('rewind-dialog');
  await expect(dialog.getByTestId('rewind-file')).toHaveText([`Restore ${DEMO_FILE}`]);
  await dialog.getByTestId('rewind-confirm').click();

  await expect(page.getByTestId('toast').last()).toContainText('1 file restored');
  await expect(baton.userMessages.filter({ hasText: 'Second request' })).toHaveCount(0);
  // The rewound message is back in the prompt box, to be edited and sent again.
  await expect(page.getByTestId('composer-input')).toHaveValue('Second request');
  await expect(baton.assistantMessages.last()).toContainText('Done: I wrote');
  expect(await workspace.read(DEMO_FILE)).toContain('> First request');

  // The record is cut too: after a reload the thread still ends with the first turn.
  await page.reload();
  await baton.expectConnected();
  await baton.threadItems.first().click();
  await expect(baton.assistantMessages.last()).toContainText('Done: I wrote');
  await expect(baton.userMessages.filter({ hasText: 'Second request' })).toHaveCount(0);
  await scrollToStart(page);
  await expect(baton.userMessages).toHaveText(['First request']);

  // Back to the first message: the file the first turn created goes. A draft typed meanwhile stays.
  await page.getByTestId('composer-input').fill('my own note');
  await (
    await baton.entryAction(baton.page.locator('.chat-entries__item').filter({ has: baton.userMessages }).first(), 'rewind-to-here')
  ).click();
  await expect(page.getByTestId('rewind-file')).toHaveText([`Remove ${DEMO_FILE}`]);
  await page.getByTestId('rewind-confirm').click();
  await expect(baton.userMessages).toHaveCount(0);
  await expect(page.getByTestId('composer-input')).toHaveValue('my own note\n\nFirst request');
  // The chat is cut only once the files are back: the file is gone by now.
  expect(existsSync(path.join(workspace.path, DEMO_FILE))).toBe(false);
});

test('a rewind confirmation names its thread and message, closes on Esc and on leaving the thread, and never touches another thread', async ({
  page,
  baton,
}) => {
  await baton.open();
  await baton.newThread();
  await promptAndApprove(baton, 'Alpha request');
  await baton.newThread();
  await promptAndApprove(baton, 'Beta first');
  await promptAndApprove(baton, 'Beta second');
  const betaItem = baton.threadItem('Beta first');
  // The user looks at the other thread, then comes back: Back will take them there again.
  await baton.threadItem('Alpha request').click();
  await expect(baton.userMessages).toHaveText(['Alpha request']);
  await betaItem.click();
  await expect(betaItem).toHaveAttribute('aria-current', 'true');

  const askRewind = async () => {
    const second = page
      .getByTestId('chat-entries')
      .locator('.chat-entries__item')
      .filter({ has: baton.userMessages.filter({ hasText: 'Beta second' }) });
    await scrollUntilShown(page, second);
    await (await baton.entryAction(second, 'rewind-to-here')).click();
  };
  await askRewind();
  const dialog = page.getByTestId('rewind-dialog');
  await expect(dialog.getByTestId('rewind-thread-title')).toHaveText('Beta first');
  await expect(dialog.getByTestId('rewind-message')).toHaveText('Beta second');
  // A real modal: the page behind it is out of reach, and the safe answer has the focus.
  expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  await expect(dialog.getByTestId('rewind-cancel')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Asked again, then the user goes back to the other thread (the browser's Back button): the
  // confirmation goes with the thread it was asked on.
  await askRewind();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(baton.threadItem('Alpha request')).toHaveAttribute('aria-current', 'true');
  await expect(dialog).toHaveCount(0);
  await expect(baton.userMessages).toHaveText(['Alpha request']);

  // Both threads are whole.
  await betaItem.click();
  await expect(betaItem).toHaveAttribute('aria-current', 'true');
  await scrollUntilShown(page, baton.userMessages.filter({ hasText: 'Beta second' }));
  await scrollToStart(page);
  await expect(baton.userMessages.first()).toHaveText('Beta first');
});

test('fork opens a new thread with the kept history, which continues from there', async ({ page, baton, workspace }) => {
  await baton.open();
  await baton.newThread();
  await promptAndApprove(baton, 'First request');
  await promptAndApprove(baton, 'Second request');

  // The reader scrolls from the thread's start down to the first turn's answer.
  const answers = baton.assistantMessages.filter({ hasText: 'Done: I wrote' });
  await scrollUntilShown(page, answers);
  // Tool calls are one line now, so both turns' answers may be on screen: the first is the first turn's.
  const firstAnswer = page.getByTestId('chat-entries').locator('.chat-entries__item').filter({ has: answers }).first();
  await (await baton.entryAction(firstAnswer, 'fork-from-here')).click();

  await expect(baton.threadItems).toHaveCount(2);
  await expect(page.getByRole('main', { name: 'Chat' }).locator('.pane__title')).toContainText('(fork)');
  await expect(baton.assistantMessages.last()).toContainText('Done: I wrote');
  // The fork's header has the kept turn's facts: the model it was prompted with and its tokens.
  await expect(page.getByTestId('thread-usage-tokens')).toHaveText(/^[1-9][\d,]* tokens$/);
  await baton.openThreadDetails();
  await expect(page.getByTestId('thread-details-model')).toHaveText('offline-demo');
  await expect(page.getByTestId('thread-details-tokens')).toHaveText(/^[1-9][\d,]* tokens$/);
  await baton.closeThreadDetails();
  await expect(baton.userMessages.filter({ hasText: 'Second request' })).toHaveCount(0);
  await scrollToStart(page);
  await expect(baton.userMessages).toHaveText(['First request']);
  await scrollToEnd(page);
  await promptAndApprove(baton, 'In the fork');
  await expect(baton.assistantMessages.last()).toContainText('Done: I wrote');
  await scrollUntilShown(page, baton.userMessages.filter({ hasText: 'In the fork' }));
  await expect(baton.userMessages.filter({ hasText: 'Second request' })).toHaveCount(0);
  expect(await workspace.read(DEMO_FILE)).toContain('> In the fork');

  // The source thread is as it was.
  await baton.threadItems.filter({ hasNotText: '(fork)' }).click();
  // The fork ends with the same answer: wait for the source thread itself to be open.
  await expect(baton.threadItems.filter({ hasNotText: '(fork)' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('main', { name: 'Chat' }).locator('.pane__title')).not.toContainText('(fork)');
  await expect(baton.assistantMessages.last()).toContainText('Done: I wrote');
  await scrollUntilShown(page, baton.userMessages.filter({ hasText: 'Second request' }));
});

test('a long thread and its fork read apart in the thread list: the title keeps its "(fork)" in view', async ({ page, baton }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await baton.open();
  await baton.newThread();
  await promptAndApprove(baton, 'Add a note about the answer constant');
  await scrollUntilShown(page, baton.assistantMessages.filter({ hasText: 'Done: I wrote' }));
  const doneAnswer = page
    .getByTestId('chat-entries')
    .locator('.chat-entries__item')
    .filter({ has: baton.assistantMessages.filter({ hasText: 'Done: I wrote' }) });
  await (await baton.entryAction(doneAnswer, 'fork-from-here')).click();
  await expect(baton.threadItems).toHaveCount(2);

  const titles = page.getByTestId('thread-title');
  await expect(titles).toHaveText(['Add a note about the answer constant (fork)', 'Add a note about the answer constant']);
  // Each title is whole on screen, none cut at the list's edge.
  for (const title of await titles.all()) {
    const clipped = await title.evaluate(
      (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
    );
    expect(clipped).toBe(false);
  }
});
