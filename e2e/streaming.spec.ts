/** A real model's answer streams in as it is written, rendered as Markdown; Stop ends a turn at once. */
import { expect, test } from './fixtures/baton-test';
import { echoScript, heldAnswerScript } from './support/model-scripts';

let held = heldAnswerScript();

test.beforeEach(({ model }) => {
  held = heldAnswerScript();
  model.script = held.script;
});

// The held answer lets go, so that the relay can stop.
test.afterEach(() => held.gate.open());

test('the answer is visible while it is still being written, then complete as Markdown', async ({ page, baton }) => {
  await baton.open();
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

test('Stop ends a running turn at once and the next prompt works', async ({ baton, model }) => {
  await baton.open();
  await baton.send('Tell me the news');
  await expect(baton.assistantMessages.first()).toContainText('Here is');
  await baton.stopButton.click();
  await baton.expectTurnFinished();
  await expect(baton.assistantMessages.first()).not.toContainText('That is all.');

  model.script = echoScript;
  await expect(baton.composer).toBeEnabled();
  await baton.send('second prompt');
  await expect(baton.assistantMessages.last()).toHaveText('You said: second prompt');
  await expect(baton.userMessages).toHaveText(['Tell me the news', 'second prompt']);
});
