/**
 * Steering an ECA server: the message typed during its turn goes out as `chat/promptSteer`, and
 * shows in the thread as the user's once the server takes it (the project's fake ECA server, run
 * as a real child process, takes it at once during a "slow" turn).
 */
import { expect, test } from './fixtures/baton-test';
import { fakeAgentEntry } from './support/fake-agents';

test.use({
  workspaceOptions: {
    config: {
      agents: {
        fake: fakeAgentEntry('eca', 'server/agents/eca-client/testing/fake-eca-server.ts', [], 'Fake ECA'),
        hand: fakeAgentEntry('autohand', 'server/agents/autohand/testing/fake-autohand.ts', ['--mode', 'rpc'], 'Fake Autohand'),
      },
    },
  },
  relayOptions: { offlineDemo: true },
});

test('Steer sends the message to the ECA server’s running turn, which takes it', async ({ page, baton }) => {
  await baton.open();
  await baton.newThreadWith('Fake ECA');
  await baton.send('go slow please');
  await expect(baton.assistantMessages.last()).toContainText('chunk 1');

  await baton.composer.fill('use tabs');
  await page.getByTestId('steer-button').click();
  await expect(baton.assistantMessages.last()).toContainText('Steered by: use tabs');
  await baton.expectTurnFinished();
  await expect(page.getByTestId('queued-prompt')).toHaveCount(0);
  await expect(baton.userMessages).toHaveText(['go slow please', 'use tabs']);
});

test('an agent that cannot steer is not offered Steer; Send queues instead', async ({ page, baton }) => {
  await baton.open();
  await baton.newThreadWith('Fake Autohand');
  await baton.send('go slow please');
  await expect(baton.stopButton).toBeVisible();
  await expect(page.getByTestId('composer-hint')).toHaveText('Send queues it for after this turn.');
  await expect(page.getByTestId('steer-button')).toHaveCount(0);
  await baton.send('after this');
  await expect(page.getByTestId('queued-prompt')).toHaveAttribute('data-state', 'waiting');
  await baton.stopButton.click();
  await expect(baton.userMessages.last()).toHaveText('after this');
  await expect(page.getByTestId('queued-prompt')).toHaveCount(0);
});
