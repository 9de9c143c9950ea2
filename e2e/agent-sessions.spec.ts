/**
 * An external agent's thread outlives the relay: after a restart the next prompt carries on in the
 * agent's own session where the protocol can resume it (ACP `session/load`, Emacs-Agent `resume`),
 * and otherwise in a new session primed with the thread's history, which the thread says. A
 * thread also passes from one external agent to another, history and all (and the list's agent
 * filter follows it); and an ECA agent's
 * thread shows that server's own tool servers.
 */
import path from 'node:path';
import { startFakeEmacsAgent, type FakeEmacsAgent } from '../server/agents/emacs-agent/testing/fake-emacs-agent-server';
import { primingNote } from '../server/agents/external/history-transcript';
import { expect, test, type Workspace } from './fixtures/baton-test';
import { fakeAgentEntry } from './support/fake-agents';

let emacs: FakeEmacsAgent | undefined;

const FAKE_ECA = 'server/agents/eca-client/testing/fake-eca-server.ts';
const FAKE_ACP = 'server/agents/acp/testing/fake-acp-agent.ts';
const FAKE_AUTOHAND = 'server/agents/autohand/testing/fake-autohand.ts';

interface Backend {
  label: string;
  entry(workspace: Workspace): Promise<object>;
  /** True when the protocol lets the relay reopen the agent's own session after a restart. */
  resumes: boolean;
}

const backends: Backend[] = [
  { label: 'Fake ECA', resumes: false, entry: async () => fakeAgentEntry('eca', FAKE_ECA, [], 'Fake ECA') },
  {
    label: 'Fake Autohand',
    resumes: false,
    entry: async () => fakeAgentEntry('autohand', FAKE_AUTOHAND, ['--mode', 'rpc'], 'Fake Autohand'),
  },
  {
    label: 'Fake ACP',
    resumes: true,
    // The fake keeps its sessions in a file, as a real agent keeps them on disk, so a new process can load them.
    entry: async (workspace) => ({
      ...fakeAgentEntry('acp', FAKE_ACP, [], 'Fake ACP'),
      env: { FAKE_ACP_SESSIONS: path.join(workspace.path, 'acp-sessions.json') },
    }),
  },
  {
    label: 'Fake Emacs-Agent',
    resumes: true,
    entry: async () => {
      emacs ??= await startFakeEmacsAgent();
      return { kind: 'emacs-agent', label: 'Fake Emacs-Agent', url: emacs.url };
    },
  },
];

test.use({ relayOptions: { offlineDemo: true } });

test.afterEach(async () => {
  await emacs?.close();
  emacs = undefined;
});

for (const backend of backends) {
  test.describe(() => {
    test.use({
      workspaceOptions: { prepare: async (workspace) => workspace.writeConfig({ agents: { fake: await backend.entry(workspace) } }) },
    });

    test(`${backend.label}: a thread carries on after a relay restart${backend.resumes ? ' in the same session' : ', primed with its history'}`, async ({
      page,
      baton,
      relay,
      startRelay,
    }) => {
      await baton.open();
      await baton.newThreadWith(backend.label);
      await baton.send('hello there');
      await expect(baton.assistantMessages.last()).not.toBeEmpty();
      await baton.expectTurnFinished();

      await relay.stop();
      const restarted = await startRelay();
      await baton.open(restarted.url);
      await baton.threadItems.first().click();
      await expect(baton.userMessages).toHaveCount(1);
      const answers = await baton.assistantMessages.count();
      await baton.send('hello again');
      await expect(baton.userMessages).toHaveCount(2);
      await baton.expectTurnFinished();
      await expect.poll(() => baton.assistantMessages.count()).toBeGreaterThan(answers);
      await expect(baton.assistantMessages.last()).not.toBeEmpty();
      // Every adapter says it in the same sentence, under the agent's name.
      await expect(page.getByText(primingNote(backend.label))).toHaveCount(backend.resumes ? 0 : 1);
    });
  });
}

test.describe(() => {
  test.use({
    workspaceOptions: {
      config: {
        agents: {
          eca: fakeAgentEntry('eca', FAKE_ECA, [], 'Fake ECA'),
          acp: fakeAgentEntry('acp', FAKE_ACP, [], 'Fake ACP'),
        },
      },
    },
  });

  test('a thread handed from one external agent to another carries its history across protocols', async ({ page, baton }) => {
    await baton.open();
    await baton.newThreadWith('Fake ECA');
    await baton.send('remember the word avocado');
    await expect(baton.assistantMessages.last()).not.toBeEmpty();
    await baton.expectTurnFinished();

    await baton.handOverTo('Fake ACP');
    await expect(page.getByTestId('hand-over-note')).toContainText('to Fake ACP');
    await baton.send('what was the word?');
    // The ACP fake echoes the start of the prompt it got: the primed transcript, not the bare question.
    await expect(baton.assistantMessages.last()).toContainText('Fake agent heard: You are continuing a conversation');
    await baton.expectTurnFinished();
    await expect(page.getByTestId('thread-agent').first()).toHaveText('Fake ACP');

    // The list's agent filter knows the thread by the agent it has now.
    await page.getByTestId('thread-agent-filter').selectOption({ label: 'Fake ECA' });
    await expect(page.getByTestId('thread-list-empty')).toHaveText('No threads match.');
    await page.getByTestId('thread-agent-filter').selectOption({ label: 'Fake ACP' });
    await expect(baton.threadItems).toHaveCount(1);
    await expect(page.getByTestId('thread-agent')).toHaveText(['Fake ACP']);
  });
});

test.describe(() => {
  test.use({ workspaceOptions: { config: { agents: { eca: fakeAgentEntry('eca', FAKE_ECA, [], 'Fake ECA') } } } });

  test("an ECA agent's thread shows that server's own tool servers, and Stop reaches it", async ({ page, baton }) => {
    await baton.open();
    await baton.newThreadWith('Fake ECA');
    await baton.send('hello there');
    await baton.expectTurnFinished();

    await page.getByTestId('side-tab-tools').click();
    const fakeMcp = page.locator('[data-testid="tool-server"][data-server-name="fake-mcp"]');
    await expect(fakeMcp).toHaveAttribute('data-status', 'running');
    await fakeMcp.getByRole('button').click();
    await expect(fakeMcp).toHaveAttribute('data-status', 'stopped');
  });
});
