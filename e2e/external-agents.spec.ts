/**
 * ECA servers, Autohand and Emacs-Agent backends driven from the browser, each through the
 * project's fake of its protocol run as a real child process (ECA, Autohand) or a real HTTP server
 * on loopback (Emacs-Agent): picked for a new thread, a prompt answered, an approval that lets the
 * agent write a file, and a slow turn that survives a reload and ends with Stop.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { startFakeEmacsAgent, type FakeEmacsAgent } from '../server/agents/emacs-agent/testing/fake-emacs-agent-server';
import { expect, test, type WorkspaceOptions } from './fixtures/baton-test';
import type { BatonPage } from './support/baton-page';
import { fakeAgentEntry } from './support/fake-agents';

interface Backend {
  label: string;
  entry(): Promise<object>;
  /** A prompt that makes the fake ask approval for a write, and the file it then writes (if any). */
  writePrompt: string;
  writtenFile?: string;
}

let emacs: FakeEmacsAgent | undefined;

const backends: Backend[] = [
  {
    label: 'Fake ECA',
    entry: async () => fakeAgentEntry('eca', 'server/agents/eca-client/testing/fake-eca-server.ts', [], 'Fake ECA'),
    writePrompt: 'please write the notes',
  },
  {
    label: 'Fake Autohand',
    entry: async () => fakeAgentEntry('autohand', 'server/agents/autohand/testing/fake-autohand.ts', ['--mode', 'rpc'], 'Fake Autohand'),
    writePrompt: 'please write the notes',
    writtenFile: 'notes.txt',
  },
  {
    label: 'Fake Emacs-Agent',
    entry: async () => {
      emacs = await startFakeEmacsAgent();
      return { kind: 'emacs-agent', label: 'Fake Emacs-Agent', url: emacs.url };
    },
    writePrompt: 'please write hello',
    writtenFile: 'hello.txt',
  },
];

/** A workspace whose config names the backend's fake as its one agent. */
const configuredFor = (backend: Backend): WorkspaceOptions => ({
  prepare: async (workspace) => workspace.writeConfig({ agents: { fake: await backend.entry() } }),
});

/** Opens the relay's page on a new thread with the backend's agent. */
async function openWith(baton: BatonPage, backend: Backend): Promise<void> {
  await baton.open();
  await baton.newThreadWith(backend.label);
  await expect(baton.activeAgent).toContainText(backend.label);
}

/**
 * Approves every card the turn shows until it ends (a change review may follow the permission):
 * Approve, or the agent's own first allowing option where it offers its own.
 */
async function approveUntilDone(baton: BatonPage): Promise<number> {
  // Enabled ones only: a card just answered keeps its buttons, disabled, while the answer is on its
  // way, and a click on one would wait for a button that never comes back.
  const approve = baton.page.locator(
    '[data-testid="approve-tool-call"]:enabled, [data-testid="approval-option"][data-option-kind^="allow"]:enabled',
  );
  await expect(approve.first()).toBeVisible();
  let approved = 0;
  for (;;) {
    // What the turn does next: another card to answer, or its end.
    await expect.poll(async () => (await baton.stopButton.count()) === 0 || (await approve.count()) > 0).toBe(true);
    if ((await baton.stopButton.count()) === 0) return approved;
    await approve.first().click();
    approved += 1;
  }
}

test.use({ relayOptions: { offlineDemo: true } });

test.afterEach(async () => {
  await emacs?.close();
  emacs = undefined;
});

for (const backend of backends) {
  test.describe(() => {
    test.use({ workspaceOptions: configuredFor(backend) });

    test(`${backend.label}: a prompt is answered, and an approved write goes through`, async ({ page, baton, workspace }) => {
      await openWith(baton, backend);
      await baton.send(backend.writePrompt);
      expect(await approveUntilDone(baton)).toBeGreaterThan(0);
      await expect(baton.toolCards.first()).toHaveAttribute('data-status', 'succeeded');
      await expect(baton.assistantMessages.last()).not.toBeEmpty();
      if (backend.writtenFile) expect(existsSync(path.join(workspace.path, backend.writtenFile))).toBe(true);
    });

    test(`${backend.label}: a slow turn survives a reload, Stop ends it, and the next prompt works`, async ({ page, baton }) => {
      await openWith(baton, backend);
      await baton.send('tell a slow story');
      await expect(baton.assistantMessages.last()).not.toBeEmpty();
      await page.reload();
      await baton.expectConnected();
      await baton.threadItems.first().click();
      await expect(baton.userMessages).toHaveCount(1);
      await expect(baton.stopButton).toBeVisible();
      await baton.stopButton.click();
      await baton.expectTurnFinished();

      await baton.send('hello again');
      await expect(baton.userMessages).toHaveCount(2);
      await baton.expectTurnFinished();
      await expect(baton.assistantMessages).toHaveCount(2);
    });
  });
}

const autohand = backends.find((backend) => backend.label === 'Fake Autohand')!;

test.describe(() => {
  test.use({ workspaceOptions: { ...configuredFor(autohand), files: { 'b.txt': 'bravo\n', 'c.txt': 'charlie\n' } } });

  test('Fake Autohand: a batch of changes is reviewed on one card, and Pick files applies only the files kept', async ({
    page,
    baton,
    workspace,
  }) => {
    await openWith(baton, autohand);
    await baton.send('propose changes');

    const review = baton.toolCard('review_changes');
    await expect(review).toContainText('Review 3 proposed file changes');
    // The proposed diffs are on the page before the one answer is given.
    await expect(baton.toolCard('edit_file')).toContainText('bravo, changed');
    await review.getByTestId('approval-option').filter({ hasText: 'Pick files' }).click();

    for (const [tool, keep] of [
      ['write_file', true],
      ['edit_file', false],
      ['delete_file', true],
    ] as const) {
      const card = baton.toolCard(tool);
      await card.getByTestId(keep ? 'approve-tool-call' : 'reject-tool-call').click();
    }
    await baton.expectTurnFinished();
    await expect(baton.toolCard('edit_file')).toHaveAttribute('data-status', 'rejected');
    await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'succeeded');
    expect(await readFile(path.join(workspace.path, 'b.txt'), 'utf8')).toBe('bravo\n');
    expect(existsSync(path.join(workspace.path, 'c.txt'))).toBe(false);
  });
});
