/**
 * A lost relay is impossible to miss: the composer says it is unreachable and that it retries,
 * and sending is off; once the relay is back, sending comes back and the open thread catches up
 * with what happened while the tab was away.
 */
import { createGate } from '../server/demo-model/testing/gate';
import { expect, test } from './fixtures/baton-test';
import { MARKDOWN_ANSWER } from './support/model-scripts';

const TOKEN = 'connection-state-test-token-0123456789abcdef';

let gate = createGate();

test.use({ relayOptions: { token: TOKEN } });

test.beforeEach(({ model }) => {
  gate = createGate();
  // The first answer holds after a few words (until the gate opens); the others stream at once.
  let prompts = 0;
  model.script = () => {
    prompts += 1;
    const held = prompts === 1;
    return { blocks: [{ type: 'text', text: MARKDOWN_ANSWER }], beforeDelta: (index) => (held && index === 4 ? gate.promise : undefined) };
  };
});

// The held answer lets go, so that the relay can stop.
test.afterEach(() => gate.open());

test('relay gone: the composer says so and will not send; relay back: sending works and the thread catches up', async ({
  page,
  relay: firstRelay,
  startRelay,
  baton,
}) => {
  let relay = firstRelay;
  await baton.open();
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
  relay = await startRelay({ port });
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

test('a refused token is not "retrying": the composer repeats what to do instead', async ({ page, relay, baton }) => {
  await page.goto(`${relay.origin}/#token=not-the-token-0123456789abcdef`);
  const notice = page.getByTestId('connection-notice');
  await expect(notice).toContainText('open the URL it printed');
  await expect(notice).not.toContainText('Retrying');
  await expect(page.getByTestId('send-button')).toBeDisabled();
  await baton.open(relay.url);
  await expect(notice).toHaveCount(0);
});
