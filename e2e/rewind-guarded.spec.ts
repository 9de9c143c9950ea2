/**
 * A rewind's restores answer to the user's config as the agent's writes do: the offline demo model
 * writes baton-demo.md, the user then adds a `deny` rule for that file to config.json and restarts
 * Baton, and "Rewind to here" leaves the file as it is, saying why in the dialog and in the toast.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures/baton-test';

const DEMO_FILE = 'baton-demo.md';

// The offline demo: its prompt writes the demo file, once approved.
test.use({ relayOptions: { offlineDemo: true } });

test('a file a deny rule of the config guards is left as it is by a rewind, which says why', async ({
  page,
  baton,
  relay,
  workspace,
  startRelay,
}) => {
  await baton.open();
  await baton.newThread();
  await baton.send('First request');
  const card = baton.toolCard('write_file').last();
  await card.getByTestId('approve-tool-call').click();
  await expect(card).toHaveAttribute('data-status', 'succeeded');
  await baton.expectTurnFinished();
  const written = await readFile(path.join(workspace.path, DEMO_FILE), 'utf8');

  await relay.stop();
  await workspace.writeConfig({ toolApproval: [{ tool: 'write_file', decision: 'deny', when: { argument: 'path', equals: DEMO_FILE } }] });
  const restarted = await startRelay();
  await baton.open(restarted.url);
  await baton.threadItems.first().click();
  await expect(baton.userMessages).toHaveText(['First request']);

  await (
    await baton.entryAction(baton.page.locator('.chat-entries__item').filter({ has: baton.userMessages }).first(), 'rewind-to-here')
  ).click();
  const dialog = page.getByTestId('rewind-dialog');
  const reason = `refused by your config (deny write_file when path equals "${DEMO_FILE}").`;
  await expect(dialog.getByTestId('rewind-conflict')).toHaveText([`Leave ${DEMO_FILE}: ${reason}`]);
  await dialog.getByTestId('rewind-confirm').click();
  await expect(page.getByTestId('toast').last()).toContainText(`0 files restored. Left as they are: ${DEMO_FILE} (${reason})`);
  await expect(baton.userMessages).toHaveCount(0);
  expect(await readFile(path.join(workspace.path, DEMO_FILE), 'utf8')).toBe(written);
});
