/**
 * An ACP agent's on/off settings (boolean config options), from the browser: the fake ACP agent
 * (a real child process of the relay, with FAKE_ACP_SETTINGS) offers "Brief answers" and a
 * "Locked setting" it refuses to change. The composer shows them as checkboxes once the thread's
 * session is open; a change reaches the agent, which then says how its settings stand.
 */
import { expect, test } from './fixtures/baton-test';
import { fakeAgentEntry } from './support/fake-agents';

const FAKE_ACP = 'server/agents/acp/testing/fake-acp-agent.ts';
const LABEL = 'Fake ACP';

test.use({
  workspaceOptions: {
    config: { agents: { fake: { ...fakeAgentEntry('acp', FAKE_ACP, [], LABEL), env: { FAKE_ACP_SETTINGS: '1' } } } },
  },
});

test('a setting turned on reaches the agent, and one the agent refuses goes back with its reason', async ({ page, baton }) => {
  await baton.open();
  await baton.newThreadWith(LABEL);
  await baton.send('hello');
  await expect(baton.assistantMessages.last()).toContainText('Fake agent heard: hello');

  const settings = page.getByTestId('agent-settings');
  const brief = settings.getByLabel('Brief answers');
  await expect(brief).not.toBeChecked();
  await expect(settings.locator('[data-setting="brief"]')).toHaveAttribute('title', 'Answer in one line');
  await brief.check();
  await expect(brief).toBeChecked();
  await expect(brief).toBeEnabled();

  await baton.send('show-settings');
  await expect(baton.assistantMessages.last()).toContainText('Fake agent settings: brief is on, locked is off');
  await baton.expectTurnFinished();

  const locked = settings.getByLabel('Locked setting');
  await locked.click();
  await expect(page.getByTestId('agent-setting-error')).toContainText('did not change "locked"');
  await expect(page.getByTestId('agent-setting-error')).toContainText('locked cannot be changed');
  await expect(locked).not.toBeChecked();
  await expect(brief).toBeChecked();
});
