/**
 * "Add agent": the relay lists an agent registry served on loopback by the test, the user installs
 * an agent whose archive the test serves too (sha256 given), and it is offered for new threads at
 * once; an agent whose download fails its checksum shows why, and is not offered.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { platformKey } from '../server/agents/catalogue/platform-key';
import { agentArchive, sha256 } from '../server/agents/catalogue/testing/archive-fixtures';
import { type LoopbackFiles, serveLoopbackFiles } from '../server/agents/catalogue/testing/loopback-files';
import { expect, test } from './fixtures/baton-test';

let server: LoopbackFiles | undefined;
let scratch: string | undefined;

test.use({
  workspaceOptions: {
    prepare: async (workspace) => {
      server = await serveLoopbackFiles();
      scratch = await mkdtemp(path.join(tmpdir(), 'baton-add-agent-'));
      const archive = await agentArchive(scratch, 'loopback-agent', 'hello');
      server.set('/loopback-agent.tar.gz', archive);
      const binary = (sha: string) => ({
        [platformKey()!]: { archive: server!.url('/loopback-agent.tar.gz'), cmd: './bin/loopback-agent', sha256: sha },
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
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

test('an agent installed from the registry is offered for new threads; a bad checksum is shown', async ({ baton, page }) => {
  await baton.open();
  await page.getByTestId('add-agent').click();
  const dialog = page.getByTestId('add-agent-dialog');
  const loopback = dialog.locator('[data-agent-id="loopback"]');
  const tampered = dialog.locator('[data-agent-id="tampered"]');
  await expect(loopback).toContainText('Loopback Agent');
  await expect(dialog.getByTestId('catalogue-snapshot')).toHaveCount(0);

  await tampered.getByTestId('catalogue-install').click();
  await expect(tampered.getByTestId('catalogue-install-error')).toContainText("does not match the registry's checksum");

  await loopback.getByTestId('catalogue-install').click();
  await expect(loopback.getByTestId('catalogue-installed')).toBeVisible();
  await dialog.getByTestId('close-add-agent').click();

  const picker = page.getByTestId('new-thread-agent');
  await expect(picker.locator('option', { hasText: 'Loopback Agent' })).toHaveCount(1);
  await expect(picker.locator('option', { hasText: 'Tampered Agent' })).toHaveCount(0);
});
