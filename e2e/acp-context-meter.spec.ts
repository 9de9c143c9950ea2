/**
 * An ACP agent's `usage_update` in the browser: the fake ACP agent reports 1,234 tokens in use of
 * a 200,000-token window after its answer, and the thread's details show it as a context meter.
 */
import { expect, test } from './fixtures/baton-test';
import { fakeAgentEntry } from './support/fake-agents';

const FAKE_ACP = 'server/agents/acp/testing/fake-acp-agent.ts';
const LABEL = 'Fake ACP';

test.use({ workspaceOptions: { config: { agents: { fake: fakeAgentEntry('acp', FAKE_ACP, [], LABEL) } } } });

test('the thread details show how full the ACP agent says its context is', async ({ page, baton }) => {
  await baton.open();
  await baton.newThreadWith(LABEL);
  await baton.send('how full is it');
  await expect(baton.assistantMessages.last()).toContainText('Fake agent heard: how full is it');
  await baton.expectTurnFinished();
  await baton.openThreadDetails();
  const context = page.getByTestId('thread-details-context');
  await expect(context).toHaveText('1,234 of 200,000 tokens (0%)');
  const meter = context.getByRole('meter');
  await expect(meter).toHaveAttribute('value', '1234');
  await expect(meter).toHaveAttribute('max', '200000');
});
