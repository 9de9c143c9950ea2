/**
 * The token is kept in the data folder, so a restart does not log tabs out: a tab open while the
 * relay is stopped and started again on the same data folder rejoins by itself and shows what was
 * recorded while it was away. `baton token --rotate` logs every tab out on purpose, and the tab
 * says what to do.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { TOKEN_EXPIRED_MESSAGE } from '../components/baton-client/explain-refusal';
import { expect, test } from './fixtures/baton-test';
import { connectRelayClient, isTurnFinished } from './support/relay-client';

const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));
const run = promisify(execFile);

// The relays get no BATON_TOKEN: their token is the data folder's, the same after a restart.

test('a restart on the same data folder: the open tab rejoins by itself and shows what was recorded while it was away', async ({
  page,
  baton,
  relay: first,
  startRelay,
}) => {
  await baton.open();
  await baton.send('Before the restart');
  await expect(baton.assistantMessages.last()).toContainText('You said: Before the restart');
  const threadId = baton.path().replace('/t/', '');
  const port = Number(new URL(first.origin).port);

  await first.stop();
  const notice = page.getByTestId('connection-notice');
  await expect(notice).toContainText('Retrying');

  // While the tab cannot reach it (another port), a relay on the same data folder records a turn.
  const meanwhile = await startRelay();
  expect(meanwhile.token).toBe(first.token);
  const client = await connectRelayClient(meanwhile);
  await client.rpc.request('openThread', { threadId });
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'Asked while the tab was away' });
  await client.until(isTurnFinished);
  client.close();
  await meanwhile.stop();

  // Back where the tab looks for it, with the same token: no new URL to open.
  const again = await startRelay({ port });
  expect(again.token).toBe(first.token);
  await baton.expectConnected();
  await expect(notice).toHaveCount(0);
  await expect(baton.userMessages).toHaveCount(2);
  await expect(baton.userMessages.last()).toContainText('Asked while the tab was away');
  await expect(baton.assistantMessages.last()).toContainText('You said: Asked while the tab was away');
  await baton.send('After the restart');
  await expect(baton.assistantMessages.last()).toContainText('You said: After the restart');
});

test('`baton token --rotate` logs the open tab out with what to do; the new URL signs it in again', async ({
  page,
  baton,
  relay,
  workspace,
}) => {
  await baton.open();
  const port = Number(new URL(relay.origin).port);

  const rotated = await run(
    process.execPath,
    [path.join(PROJECT_ROOT, 'bin/baton.mjs'), 'token', '--rotate', '--data-dir', workspace.dataDir, '--port', String(port)],
    {
      cwd: workspace.path,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' },
    },
  );
  const url = /^URL: (\S+)$/m.exec(rotated.stdout)?.[1] ?? '';
  expect(url).not.toContain(relay.token);

  const notice = page.getByTestId('connection-notice');
  await expect(notice).toHaveText(TOKEN_EXPIRED_MESSAGE);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'disconnected');
  await expect(page.getByTestId('send-button')).toBeDisabled();
  // A reload is still logged out: the page kept only the old token.
  await page.reload();
  await expect(notice).toHaveText(TOKEN_EXPIRED_MESSAGE);

  await baton.open(url);
  await expect(notice).toHaveCount(0);
});
