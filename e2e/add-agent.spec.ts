/**
 * "Add agent": the relay lists an agent registry served on loopback by the test, the user installs
 * an agent whose archive the test serves too (sha256 given), sees the download's progress, and it
 * is offered for new threads at once; once it has run, its row says what it supports. The agent
 * is the project's fake ACP agent behind a launcher script in the archive. An agent whose
 * download fails its checksum shows why, and is not offered.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { platformKey } from '../server/agents/catalogue/platform-key';
import { scriptArchive, sha256 } from '../server/agents/catalogue/testing/archive-fixtures';
import { type LoopbackFiles, serveLoopbackFiles } from '../server/agents/catalogue/testing/loopback-files';
import { expect, test } from './fixtures/baton-test';
import { fakeAgentEntry } from './support/fake-agents';

let server: LoopbackFiles | undefined;
let scratch: string | undefined;
let releaseDownload: () => void = () => undefined;
/** The fake ACP agent's node, tsx loader and file, as the registry's arguments to the launcher. */
const FAKE_ACP_ARGS = fakeAgentEntry('acp', 'server/agents/acp/testing/fake-acp-agent.ts').args;

test.use({
  workspaceOptions: {
    prepare: async (workspace) => {
      server = await serveLoopbackFiles();
      scratch = await mkdtemp(path.join(tmpdir(), 'baton-add-agent-'));
      const archive = await scriptArchive(scratch, 'loopback-agent', `exec "${process.execPath}" "$@"`);
      server.set('/loopback-agent.tar.gz', archive);
      releaseDownload = server.hold('/loopback-agent.tar.gz');
      const binary = (sha: string) => ({
        [platformKey()!]: { archive: server!.url('/loopback-agent.tar.gz'), cmd: './bin/loopback-agent', args: FAKE_ACP_ARGS, sha256: sha },
      });
      server.set(
        '/registry.json',
        JSON.stringify({
          version: '1.0.0',
          agents: [
            {
              id: 'loopback',
              name: 'Loopback Agent',
              version: '3.1.0',
              description: 'served by the test',
              distribution: { binary: binary(sha256(archive)) },
            },
            {
              id: 'tampered',
              name: 'Tampered Agent',
              version: '1.0.0',
              description: 'a bad checksum',
              distribution: { binary: binary('0'.repeat(64)) },
            },
          ],
        }),
      );
      await workspace.writeConfig({ agentRegistryUrl: server.url('/registry.json') });
    },
  },
});

test.afterEach(async () => {
  releaseDownload();
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

test('an agent installed from the registry shows its download, is offered for new threads and, once run, what it supports; a bad checksum is shown', async ({
  baton,
  page,
}) => {
  await baton.open();
  await page.getByTestId('add-agent').click();
  const dialog = page.getByTestId('add-agent-dialog');
  const loopback = dialog.locator('[data-agent-id="loopback"]');
  const tampered = dialog.locator('[data-agent-id="tampered"]');
  await expect(loopback).toContainText('Loopback Agent');
  await expect(dialog.getByTestId('catalogue-snapshot')).toHaveCount(0);

  // The first download of the archive is held by the test after its first byte: the row says how far it is.
  await loopback.getByTestId('catalogue-install').click();
  await expect(loopback.getByTestId('catalogue-install-progress')).toHaveText(/^Downloading: \d+ bytes of \d+ bytes$/);
  await expect(loopback.getByTestId('catalogue-install')).toHaveText('Installing…');
  releaseDownload();
  await expect(loopback.getByTestId('catalogue-installed')).toBeVisible();
  await expect(loopback.getByTestId('catalogue-install-progress')).toHaveCount(0);
  await expect(loopback.getByTestId('agent-support-pending')).toBeVisible();

  await tampered.getByTestId('catalogue-install').click();
  await expect(tampered.getByTestId('catalogue-install-error')).toContainText("does not match the registry's checksum");
  await dialog.getByTestId('close-add-agent').click();

  const picker = page.getByTestId('new-thread-agent');
  await expect(picker.locator('option', { hasText: 'Loopback Agent' })).toHaveCount(1);
  await expect(picker.locator('option', { hasText: 'Tampered Agent' })).toHaveCount(0);

  await baton.newThreadWith('Loopback Agent');
  await baton.send('hello from the catalogue');
  await expect(baton.assistantMessages.last()).toContainText('Fake agent heard: hello from the catalogue');
  await baton.expectTurnFinished();

  await page.getByTestId('add-agent').click();
  const fact = (term: string) => loopback.getByTestId('agent-support').locator('div', { hasText: term }).locator('dd');
  await expect(fact('Agent')).toHaveText('fake-acp-agent 1.0.0');
  await expect(fact('Loads earlier sessions')).toHaveText('yes');
  await expect(fact('Prompts may carry')).toHaveText('images, files’ contents');
  await expect(fact('MCP servers over')).toHaveText('stdio, HTTP');
  await expect(fact('Session methods')).toHaveText('close, list, resume');
});
