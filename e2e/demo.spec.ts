/**
 * A newcomer's first run, with no API key: the offline demo model reads a file, proposes an edit,
 * and waits for Approve or Reject; history survives reloads and relay restarts.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Workspace } from '../server/workspace/workspace';
import { expect, test } from './fixtures/baton-test';
import { BatonPage } from './support/baton-page';

const README_TEXT = '# Sample project\n\nA workspace for the demo.\n';
const DEMO_FILE = 'baton-demo.md';

test.use({ workspaceOptions: { files: { 'README.md': README_TEXT } }, relayOptions: { offlineDemo: true } });

test('the demo reads a file, waits for approval, and Approve writes the file', async ({ page, baton, workspace, model }) => {
  await baton.open();
  await expect(page.getByTestId('offline-demo-banner')).toContainText(/offline demo model/i);
  await expect(baton.threadItems).toHaveCount(0);

  await baton.newThread();
  await baton.send('Show me what you can do');
  await expect(baton.toolCard('read_file')).toHaveAttribute('data-status', 'succeeded');
  const writeCard = baton.toolCard('write_file');
  await expect(writeCard).toHaveAttribute('data-status', 'waiting-approval');
  await expect(writeCard.getByTestId('tool-call-diff')).toContainText('+# Baton demo');
  expect(existsSync(path.join(workspace.path, DEMO_FILE))).toBe(false);

  await writeCard.getByTestId('approve-tool-call').click();
  await expect(writeCard).toHaveAttribute('data-status', 'succeeded');
  await expect(baton.assistantMessages.last()).toContainText(`Done: I wrote ${DEMO_FILE}`);
  await baton.expectTurnFinished();
  expect(await readFile(path.join(workspace.path, DEMO_FILE), 'utf8')).toContain('> Show me what you can do');
  await expect(writeCard.getByTestId('approve-tool-call')).toHaveCount(0);
  // The demo shows the rest of what a turn can carry: its reasoning, a link, and the usage.
  await baton.scrollChatToStart();
  await expect(page.getByTestId('reasoning-block').first()).toHaveAttribute('data-state', 'finished');
  await expect(page.getByTestId('link-card').first()).toHaveAttribute('href', /^https:/);
  await expect(page.getByTestId('thread-usage-tokens')).toContainText(/token/i);
  // The read is recorded with the version the agent read, for a reviewer to compare.
  await expect(page.getByTestId('read-file-path')).toHaveAttribute('data-version', String(await readmeVersion(workspace.path)));
  await expect(page.getByTestId('read-file-path').locator('..')).not.toContainText('version');
});

const readmeVersion = async (root: string) => (await new Workspace(root).readTextFile('README.md')).version;

test('Reject leaves the file alone and the model is told', async ({ page, baton, workspace }) => {
  await baton.open();
  await baton.send('Try an edit');
  const writeCard = baton.toolCard('write_file');
  await expect(writeCard).toHaveAttribute('data-status', 'waiting-approval');
  await writeCard.getByTestId('reject-tool-call').click();
  await expect(writeCard).toHaveAttribute('data-status', 'rejected');
  await expect(baton.assistantMessages.last()).toContainText('You rejected the edit');
  await baton.expectTurnFinished();
  expect(existsSync(path.join(workspace.path, DEMO_FILE))).toBe(false);
});

test('a waiting approval and the whole history survive a reload, a new tab and a relay restart', async ({
  page,
  context,
  baton,
  relay,
  workspace,
  startRelay,
}) => {
  await baton.open();
  await baton.send('Remember this');
  await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'waiting-approval');

  await page.reload();
  await baton.expectConnected();
  await baton.threadItems.first().click();
  const writeCard = baton.toolCard('write_file');
  await expect(writeCard).toHaveAttribute('data-status', 'waiting-approval');
  await writeCard.getByTestId('approve-tool-call').click();
  await expect(baton.assistantMessages.last()).toContainText('Done:');
  await baton.expectTurnFinished();
  const transcript = await page.getByTestId('chat-entries').innerText();

  const secondTab = new BatonPage(await context.newPage());
  await page.close();
  await secondTab.open(relay.url);
  await secondTab.threadItems.first().click();
  await expect(secondTab.page.getByTestId('chat-entries')).toHaveText(transcript, { useInnerText: true });

  await relay.stop();
  const restarted = await startRelay();
  await secondTab.open(restarted.url);
  await expect(secondTab.threadItems).toHaveText([/Remember this/]);
  await secondTab.threadItems.first().click();
  // The thread opens at its end, as the first tab showed it.
  await expect(secondTab.page.getByTestId('chat-entries')).toHaveText(transcript, { useInnerText: true });
  await expect(secondTab.toolCards).toHaveCount(2);
  await expect(secondTab.toolCard('write_file')).toHaveAttribute('data-status', 'succeeded');
  // The prompt, the turn's reasoning and its link are entries of the thread too, not only live
  // decoration: scrolled up to, they are there.
  await secondTab.scrollChatToStart();
  await expect(secondTab.userMessages).toHaveText(['Remember this']);
  await expect(secondTab.page.getByTestId('reasoning-block').first()).toHaveAttribute('data-state', 'finished');
  await expect(secondTab.page.getByTestId('link-card').first()).toHaveAttribute('href', /^https:/);
  await expect(secondTab.page.getByTestId('read-file-path')).toHaveAttribute('data-version', String(await readmeVersion(workspace.path)));
});

test('the file panel lists the workspace and shows the file clicked', async ({ page, baton, workspace }) => {
  await workspace.write('notes.txt', 'line one\nline two\n');
  await baton.open();
  const files = page.getByTestId('file-item');
  await expect(files).toHaveText(['notes.txt', 'README.md']);
  await files.filter({ hasText: 'notes.txt' }).click();
  await expect(page.getByTestId('file-content')).toHaveText('line one\nline two\n');
});
