/**
 * Rewind with an agent that writes files itself (the fake Emacs-Agent, a real HTTP server, writes
 * hello.txt on its own once approved): the rewind dialog lists the file from the workspace
 * checkpoint of the removed turn, and confirming puts it back as it was; a rewind past the turns
 * whose checkpoints are kept (config.json `checkpoints.keepTurns`) says their files are too old.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type FakeEmacsAgent, startFakeEmacsAgent } from '../server/agents/emacs-agent/testing/fake-emacs-agent-server';
import { BatonPage } from './support/baton-page';
import { writeRelayConfig } from './support/fake-agents';
import { makeTempFolder, type RelayProcess, startRelayProcess } from './support/relay-process';

let relay: RelayProcess | undefined;
let emacs: FakeEmacsAgent | undefined;
let workspace: Awaited<ReturnType<typeof makeTempFolder>>;

test.beforeEach(async () => {
  workspace = await makeTempFolder('rewind-external');
});

test.afterEach(async () => {
  await relay?.stop();
  await emacs?.close();
  relay = emacs = undefined;
  await workspace.remove();
});

/**
 * A Fake Emacs-Agent thread (with `extraConfig` in the relay's config) whose first turn the user
 * approved: the agent wrote hello.txt itself over the user's own greeting.
 */
async function threadWhereTheAgentWroteHello(page: Page, extraConfig: Record<string, unknown> = {}): Promise<BatonPage> {
  await writeFile(path.join(workspace.path, 'hello.txt'), 'my own greeting\n');
  emacs = await startFakeEmacsAgent();
  const dataDir = path.join(workspace.path, '.baton');
  await writeRelayConfig(dataDir, { agents: { fake: { kind: 'emacs-agent', label: 'Fake Emacs-Agent', url: emacs.url } }, ...extraConfig });
  relay = await startRelayProcess({ workspaceRoot: workspace.path, dataDir });
  const baton = new BatonPage(page);
  await baton.open(relay.url);
  await baton.newThreadWith('Fake Emacs-Agent');

  await baton.send('please write hello');
  const card = baton.toolCards.last();
  await card.getByTestId('approve-tool-call').click();
  await expect(card).toHaveAttribute('data-status', 'succeeded');
  await baton.expectTurnFinished();
  expect(await readFile(path.join(workspace.path, 'hello.txt'), 'utf8')).toBe('Hello from Emacs-Agent\n');
  return baton;
}

test('rewinding an Emacs-Agent turn puts back the file the agent wrote itself', async ({ page }) => {
  const baton = await threadWhereTheAgentWroteHello(page);

  await (await baton.entryAction(baton.page.locator('.chat-entries__item').filter({ has: baton.userMessages }).first(), 'rewind-to-here')).click();
  const dialog = page.getByTestId('rewind-dialog');
  await expect(dialog.getByTestId('rewind-file')).toHaveText(['Restore hello.txt']);
  await dialog.getByTestId('rewind-confirm').click();
  await expect(page.getByTestId('toast').last()).toContainText('1 file restored');
  await expect(baton.userMessages).toHaveCount(0);
  expect(await readFile(path.join(workspace.path, 'hello.txt'), 'utf8')).toBe('my own greeting\n');
  await expect(page.getByTestId('composer-input')).toHaveValue('please write hello');
});

test('a rewind past the turns whose checkpoints Baton keeps says their files are too old to restore', async ({ page }) => {
  // Only the last turn keeps its checkpoints: the first turn's go when the second begins.
  const baton = await threadWhereTheAgentWroteHello(page, { checkpoints: { keepTurns: 1 } });
  await baton.send('thanks');
  await baton.expectTurnFinished();

  await (await baton.entryAction(baton.page.locator('.chat-entries__item').filter({ has: baton.userMessages }).first(), 'rewind-to-here')).click();
  const dialog = page.getByTestId('rewind-dialog');
  await expect(dialog.getByTestId('rewind-too-old')).toContainText('too old to restore files');
  await expect(dialog.getByTestId('rewind-file')).toHaveCount(0);
  await dialog.getByTestId('rewind-confirm').click();
  await expect(page.getByTestId('toast').last()).toContainText('The files of turns too old to restore were left as they are.');
  await expect(baton.userMessages).toHaveCount(0);
  expect(await readFile(path.join(workspace.path, 'hello.txt'), 'utf8')).toBe('Hello from Emacs-Agent\n');
});
