/**
 * Rewind and fork, as a user does them with the offline demo model: each prompt makes it write
 * baton-demo.md after approval; rewinding to the second prompt puts the file back as the first
 * turn left it and takes the second turn out of the chat; a fork opens a new thread with the kept
 * history, which goes on from there.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BatonPage } from './support/baton-page';
import { makeTempFolder, type RelayProcess, startRelayProcess } from './support/relay-process';

const DEMO_FILE = 'baton-demo.md';

let relay: RelayProcess;
let workspace: Awaited<ReturnType<typeof makeTempFolder>>;

test.beforeEach(async () => {
  workspace = await makeTempFolder('rewind');
  relay = await startRelayProcess({ workspaceRoot: workspace.path, dataDir: path.join(workspace.path, '.baton') });
});

test.afterEach(async () => {
  await relay.stop();
  await workspace.remove();
});

/** Sends the prompt, approves the demo's write and waits for the turn to end. */
async function promptAndApprove(baton: BatonPage, prompt: string): Promise<void> {
  const cards = await baton.toolCard('write_file').count();
  await baton.send(prompt);
  const card = baton.toolCard('write_file').nth(cards);
  await expect(card).toHaveAttribute('data-status', 'waiting-approval');
  await card.getByTestId('approve-tool-call').click();
  await expect(card).toHaveAttribute('data-status', 'succeeded');
  await baton.expectTurnFinished();
}

const demoFile = () => readFile(path.join(workspace.path, DEMO_FILE), 'utf8');

test('rewind puts the edited file back and takes the later entries out of the chat', async ({ page }) => {
  const baton = new BatonPage(page);
  await baton.open(relay.url);
  await baton.newThread();
  await promptAndApprove(baton, 'First request');
  await promptAndApprove(baton, 'Second request');
  expect(await demoFile()).toContain('> Second request');
  await expect(baton.userMessages).toHaveText(['First request', 'Second request']);

  const second = page.getByTestId('chat-entries').locator('.chat-entries__item').filter({ has: page.getByText('Second request', { exact: true }) });
  await second.getByTestId('rewind-to-here').click();
  const dialog = page.getByTestId('rewind-dialog');
  await expect(dialog.getByTestId('rewind-file')).toHaveText([`Restore ${DEMO_FILE}`]);
  await dialog.getByTestId('rewind-confirm').click();

  await expect(baton.userMessages).toHaveText(['First request']);
  await expect(baton.toolCards).toHaveCount(2);
  await expect(page.getByTestId('toast').last()).toContainText('1 file restored');
  expect(await demoFile()).toContain('> First request');

  // The record is cut too: a reload shows the same.
  await page.reload();
  await baton.expectConnected();
  await baton.threadItems.first().click();
  await expect(baton.userMessages).toHaveText(['First request']);

  // Back to the first message: the file the first turn created goes.
  await page.getByTestId('rewind-to-here').first().click();
  await expect(page.getByTestId('rewind-file')).toHaveText([`Remove ${DEMO_FILE}`]);
  await page.getByTestId('rewind-confirm').click();
  await expect(baton.userMessages).toHaveCount(0);
  // The chat is cut only once the files are back: the file is gone by now.
  expect(existsSync(path.join(workspace.path, DEMO_FILE))).toBe(false);
});

test('fork opens a new thread with the kept history, which continues from there', async ({ page }) => {
  const baton = new BatonPage(page);
  await baton.open(relay.url);
  await baton.newThread();
  await promptAndApprove(baton, 'First request');
  await promptAndApprove(baton, 'Second request');

  const answers = baton.assistantMessages.filter({ hasText: 'Done: I wrote' });
  const firstAnswer = page.getByTestId('chat-entries').locator('.chat-entries__item').filter({ has: answers.first() });
  await firstAnswer.getByTestId('fork-from-here').click();

  await expect(baton.threadItems).toHaveCount(2);
  await expect(page.getByRole('main', { name: 'Chat' }).locator('.pane__title')).toContainText('(fork)');
  await expect(baton.userMessages).toHaveText(['First request']);
  await promptAndApprove(baton, 'In the fork');
  await expect(baton.userMessages).toHaveText(['First request', 'In the fork']);
  expect(await demoFile()).toContain('> In the fork');

  // The source thread is as it was.
  await baton.threadItems.filter({ hasNotText: '(fork)' }).click();
  await expect(baton.userMessages).toHaveText(['First request', 'Second request']);
});
