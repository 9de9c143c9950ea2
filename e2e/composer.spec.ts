/**
 * The composer's `@` contexts and `/` commands, end to end: what the user picks reaches the model
 * (contexts resolved into its prompt) or runs on the relay (native commands).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startScriptedModelServer, type ScriptedModelServer } from '../server/demo-model/scripted-model-server';
import { BatonPage } from './support/baton-page';
import { echoScript } from './support/model-scripts';
import { makeTempFolder, type RelayProcess, startRelayProcess } from './support/relay-process';

let model: ScriptedModelServer;
let relay: RelayProcess;
let workspace: Awaited<ReturnType<typeof makeTempFolder>>;

test.beforeEach(async () => {
  workspace = await makeTempFolder('composer');
  await writeFile(path.join(workspace.path, 'notes.md'), 'line one\nthe secret word is tangerine\nline three\n');
  model = await startScriptedModelServer({ script: echoScript });
  relay = await startRelayProcess({
    workspaceRoot: workspace.path,
    dataDir: path.join(workspace.path, '.baton'),
    modelBaseUrl: model.url,
  });
});

test.afterEach(async () => {
  await relay.stop();
  await model.close();
  await workspace.remove();
});

test('a file chosen with @ becomes a chip and its text reaches the model, not the transcript', async ({ page }) => {
  const baton = new BatonPage(page);
  await baton.open(relay.url);
  await baton.composer.pressSequentially('What is in @note');
  const option = page.getByTestId('context-option').filter({ hasText: 'notes.md' });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page.getByTestId('context-chip')).toHaveText([/notes\.md/]);

  await baton.composer.press('End');
  await baton.composer.pressSequentially(' please?');
  await baton.composer.press('Enter');
  await expect(baton.assistantMessages.last()).toContainText('You said:');
  await expect(page.getByTestId('context-chip')).toHaveCount(0);
  const prompt = JSON.stringify(model.requests.at(-1)?.messages.at(-1));
  expect(prompt).toContain('the secret word is tangerine');
  await expect(baton.userMessages.last()).not.toContainText('tangerine');
});

test('/ offers the commands, and /repo-map answers from the workspace without the model', async ({ page }) => {
  const baton = new BatonPage(page);
  await baton.open(relay.url);
  await baton.composer.pressSequentially('/');
  await expect(page.getByTestId('command-option').filter({ hasText: 'costs' })).toBeVisible();
  const repoMap = page.getByTestId('command-option').filter({ hasText: 'repo-map' });
  await repoMap.click();
  await expect(baton.composer).toHaveValue(/^\/repo-map\s*$/);
  await baton.composer.press('Enter');
  await expect(baton.assistantMessages.last()).toContainText('notes.md');
  await baton.expectTurnFinished();
  expect(model.requests).toHaveLength(0);
});
