/**
 * A lost relay is impossible to miss: the composer says it is unreachable and that it retries,
 * and sending is off; once the relay is back, sending comes back and the open thread catches up
 * with what happened while the tab was away.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createGate } from '../server/demo-model/testing/gate';
import { startScriptedModelServer, type ScriptedModelServer } from '../server/demo-model/scripted-model-server';
import { BatonPage } from './support/baton-page';
import { MARKDOWN_ANSWER } from './support/model-scripts';
import { makeTempFolder, type RelayProcess, startRelayProcess } from './support/relay-process';

const TOKEN = 'connection-state-test-token-0123456789abcdef';

let model: ScriptedModelServer;
let relay: RelayProcess;
let workspace: Awaited<ReturnType<typeof makeTempFolder>>;
let gate = createGate();

const launch = (port?: number) =>
  startRelayProcess({
    workspaceRoot: workspace.path,
    dataDir: path.join(workspace.path, '.baton'),
    modelBaseUrl: model.url,
    token: TOKEN,
    port,
  });

test.beforeEach(async () => {
  gate = createGate();
  // The first answer holds after a few words (until the gate opens); the others stream at once.
  let prompts = 0;
  model = await startScriptedModelServer({
    script: () => {
      prompts += 1;
      const held = prompts === 1;
      return { blocks: [{ type: 'text', text: MARKDOWN_ANSWER }], beforeDelta: (index) => (held && index === 4 ? gate.promise : undefined) };
    },
  });
  workspace = await makeTempFolder('connection-state');
  relay = await launch();
});

test.afterEach(async () => {
  gate.open();
  await relay.stop();
  await model.close();
  await workspace.remove();
});

test('relay gone: the composer says so and will not send; relay back: sending works and the thread catches up', async ({ page }) => {
  const baton = new BatonPage(page);
  await baton.open(relay.url);
  await baton.send('Tell me the news');
  await expect(baton.assistantMessages.first()).toContainText('Here is');
  const notice = page.getByTestId('connection-notice');
  await expect(notice).toHaveCount(0);

  // The relay dies mid-turn.
  const port = Number(new URL(relay.origin).port);
  await relay.kill();
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('unreachable');
  await expect(notice).toContainText('Retrying');
  await expect(page.getByTestId('connection-status')).toHaveText('Disconnected: the relay is unreachable; retrying');
  await baton.composer.fill('Are you back?');
  await expect(page.getByTestId('send-button')).toBeDisabled();
  await baton.composer.press('Enter');
  // Enter sent nothing: the draft is still there.
  await expect(baton.composer).toHaveValue('Are you back?');

  // Back on the same port with the same token: the tab finds it by itself.
  relay = await launch(port);
  await baton.expectConnected();
  await expect(notice).toHaveCount(0);
  // What the relay recorded while the tab was away (the interrupted turn) is shown, once.
  await baton.expectTurnFinished();
  await expect(page.getByTestId('turn-failure')).toHaveCount(1);
  await expect(page.getByTestId('turn-failure')).toHaveAttribute('data-kind', 'interrupted');
  await expect(baton.assistantMessages).toHaveCount(1);
  const answer = await baton.assistantMessages.first().innerText();
  expect(answer.split('Here is').length - 1).toBe(1);
  expect(answer.split('The turn was interrupted').length - 1).toBe(1);

  await expect(page.getByTestId('send-button')).toBeEnabled();
  await baton.composer.press('Enter');
  await expect(baton.userMessages).toHaveCount(2);
  await expect(baton.userMessages.last()).toContainText('Are you back?');
  await expect(baton.assistantMessages.last()).toContainText('That is all.');
});

test('a refused token is not "retrying": the composer repeats what to do instead', async ({ page }) => {
  const baton = new BatonPage(page);
  await page.goto(`${relay.origin}/#token=not-the-token-0123456789abcdef`);
  const notice = page.getByTestId('connection-notice');
  await expect(notice).toContainText('open the URL it printed');
  await expect(notice).not.toContainText('Retrying');
  await expect(page.getByTestId('send-button')).toBeDisabled();
  await baton.open(relay.url);
  await expect(notice).toHaveCount(0);
});
