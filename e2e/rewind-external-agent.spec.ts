/**
 * Rewind with an agent that writes files itself (the fake Emacs-Agent, a real HTTP server, writes
 * hello.txt on its own once approved): the rewind dialog lists the file from the workspace
 * checkpoint of the removed turn, and confirming puts it back as it was; a rewind past the turns
 * whose checkpoints are kept (config.json `checkpoints.keepTurns`) says their files are too old.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type FakeEmacsAgent, startFakeEmacsAgent } from '../server/agents/emacs-agent/testing/fake-emacs-agent-server';
import { expect, test, type Workspace, type WorkspaceOptions } from './fixtures/baton-test';
import type { BatonPage } from './support/baton-page';

let emacs: FakeEmacsAgent | undefined;

/** The user's own greeting in hello.txt, and a config (with `extraConfig`) naming a Fake Emacs-Agent. */
const withEmacsAgent = (extraConfig: Record<string, unknown> = {}): WorkspaceOptions => ({
  files: { 'hello.txt': 'my own greeting\n' },
  prepare: async (workspace) => {
    emacs = await startFakeEmacsAgent();
    await workspace.writeConfig({ agents: { fake: { kind: 'emacs-agent', label: 'Fake Emacs-Agent', url: emacs.url } }, ...extraConfig });
  },
});

test.use({ relayOptions: { offlineDemo: true }, workspaceOptions: withEmacsAgent() });

test.afterEach(async () => {
  await emacs?.close();
  emacs = undefined;
});

/** A Fake Emacs-Agent thread whose first turn the user approved: the agent wrote hello.txt itself over the user's own greeting. */
async function threadWhereTheAgentWroteHello(baton: BatonPage, workspace: Workspace): Promise<void> {
  await baton.open();
  await baton.newThreadWith('Fake Emacs-Agent');

  await baton.send('please write hello');
  const card = baton.toolCards.last();
  await card.getByTestId('approve-tool-call').click();
  await expect(card).toHaveAttribute('data-status', 'succeeded');
  await baton.expectTurnFinished();
  expect(await readFile(path.join(workspace.path, 'hello.txt'), 'utf8')).toBe('Hello from Emacs-Agent\n');
}

test('rewinding an Emacs-Agent turn puts back the file the agent wrote itself', async ({ page, baton, workspace }) => {
  await threadWhereTheAgentWroteHello(baton, workspace);

  await (
    await baton.entryAction(baton.page.locator('.chat-entries__item').filter({ has: baton.userMessages }).first(), 'rewind-to-here')
  ).click();
  const dialog = page.getByTestId('rewind-dialog');
  await expect(dialog.getByTestId('rewind-file')).toHaveText(['Restore hello.txt']);
  await dialog.getByTestId('rewind-confirm').click();
  await expect(page.getByTestId('toast').last()).toContainText('1 file restored');
  await expect(baton.userMessages).toHaveCount(0);
  expect(await readFile(path.join(workspace.path, 'hello.txt'), 'utf8')).toBe('my own greeting\n');
  await expect(page.getByTestId('composer-input')).toHaveValue('please write hello');
});

test.describe(() => {
  // Only the last turn keeps its checkpoints: the first turn's go when the second begins.
  test.use({ workspaceOptions: withEmacsAgent({ checkpoints: { keepTurns: 1 } }) });

  test('a rewind past the turns whose checkpoints Baton keeps says their files are too old to restore', async ({
    page,
    baton,
    workspace,
  }) => {
    await threadWhereTheAgentWroteHello(baton, workspace);
    await baton.send('thanks');
    await baton.expectTurnFinished();

    await (
      await baton.entryAction(baton.page.locator('.chat-entries__item').filter({ has: baton.userMessages }).first(), 'rewind-to-here')
    ).click();
    const dialog = page.getByTestId('rewind-dialog');
    await expect(dialog.getByTestId('rewind-too-old')).toContainText('too old to restore files');
    await expect(dialog.getByTestId('rewind-file')).toHaveCount(0);
    await dialog.getByTestId('rewind-confirm').click();
    await expect(page.getByTestId('toast').last()).toContainText('The files of turns too old to restore were left as they are.');
    await expect(baton.userMessages).toHaveCount(0);
    expect(await readFile(path.join(workspace.path, 'hello.txt'), 'utf8')).toBe('Hello from Emacs-Agent\n');
  });
});
