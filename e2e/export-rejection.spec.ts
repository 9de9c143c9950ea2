/**
 * A rejected edit in the exports, with the offline demo model: the downloaded Markdown and Org say
 * who rejected it in words ("Rejected by you"), without the rejection's code ("user-choice") beside them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BatonPage } from './support/baton-page';
import { makeTempFolder, type RelayProcess, startRelayProcess } from './support/relay-process';

let relay: RelayProcess;
let workspace: Awaited<ReturnType<typeof makeTempFolder>>;

test.beforeEach(async () => {
  workspace = await makeTempFolder('export-rejection');
  relay = await startRelayProcess({ workspaceRoot: workspace.path, dataDir: path.join(workspace.path, '.baton') });
});

test.afterEach(async () => {
  await relay.stop();
  await workspace.remove();
});

async function download(baton: BatonPage, format: 'Markdown' | 'Org'): Promise<string> {
  return readFile(await (await baton.exportThread(format)).path(), 'utf8');
}

test('an export says "Rejected by you" for a rejected edit, and no rejection code', async ({ page }) => {
  const baton = new BatonPage(page);
  await baton.open(relay.url);
  await baton.newThread();
  await baton.send('Write a note');
  const card = baton.toolCard('write_file').last();
  await expect(card).toHaveAttribute('data-status', 'waiting-approval');
  await card.getByTestId('reject-tool-call').click();
  await baton.expectTurnFinished();
  await expect(card.getByTestId('tool-call-approval-note')).toHaveText('Rejected by you');

  for (const format of ['Markdown', 'Org'] as const) {
    const text = await download(baton, format);
    expect(text).toContain('- Rejected by you');
    expect(text).not.toContain('user-choice');
  }
});
