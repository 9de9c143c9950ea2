/** A real model's answer streams in as it is written, rendered as Markdown; Stop ends a turn at once. */
import { expect, test } from '@playwright/test';
import { startScriptedModelServer, type ScriptedModelServer } from '../server/demo-model/scripted-model-server';
import { BatonPage } from './support/baton-page';
import { echoScript, heldAnswerScript } from './support/model-scripts';
import { makeTempFolder, type RelayProcess, startRelayProcess } from './support/relay-process';

let model: ScriptedModelServer;
let relay: RelayProcess;
let workspace: Awaited<ReturnType<typeof makeTempFolder>>;
let held = heldAnswerScript();
let answerScript = held.script;

test.beforeEach(async () => {
  held = heldAnswerScript();
  answerScript = held.script;
  model = await startScriptedModelServer({ script: (request) => answerScript(request) });
  workspace = await makeTempFolder('streaming');
  relay = await startRelayProcess({
    workspaceRoot: workspace.path,
    dataDir: `${workspace.path}/.baton`,
    modelBaseUrl: model.url,
  });
});

test.afterEach(async () => {
  held.gate.open();
  await relay.stop();
  await model.close();
  await workspace.remove();
});

test('the answer is visible while it is still being written, then complete as Markdown', async ({ page }) => {
  const baton = new BatonPage(page);
  await baton.open(relay.url);
  await expect(page.getByTestId('offline-demo-banner')).toHaveCount(0);
  await baton.newThread();
  await baton.send('Tell me the news');

  await expect(baton.userMessages).toHaveText(['Tell me the news']);
  // The stream is held after four words: they are on screen and the turn is still running.
  await expect(baton.assistantMessages.first()).toContainText('Here is');
  await expect(baton.assistantMessages.first()).not.toContainText('That is all.');
  await expect(baton.stopButton).toBeVisible();

  held.gate.open();
  await expect(baton.assistantMessages.first()).toContainText('That is all.');
  await baton.expectTurnFinished();
  await expect(baton.assistantMessages.first().locator('strong')).toHaveText('bold news');
  await expect(baton.assistantMessages.first().locator('li')).toHaveText(['first point', 'second point']);
  await expect(baton.threadItems.first()).toContainText('Tell me the news');
});

test('Stop ends a running turn at once and the next prompt works', async ({ page }) => {
  const baton = new BatonPage(page);
  await baton.open(relay.url);
  await baton.send('Tell me the news');
  await expect(baton.assistantMessages.first()).toContainText('Here is');
  await baton.stopButton.click();
  await baton.expectTurnFinished();
  await expect(baton.assistantMessages.first()).not.toContainText('That is all.');

  answerScript = echoScript;
  await expect(baton.composer).toBeEnabled();
  await baton.send('second prompt');
  await expect(baton.assistantMessages.last()).toHaveText('You said: second prompt');
  await expect(baton.userMessages).toHaveText(['Tell me the news', 'second prompt']);
});
