/**
 * An ACP agent that needs a login (the fake ACP agent with FAKE_ACP_LOGIN_MARKER): the first
 * prompt opens the agent's own login in a terminal pane, the user types the code into it, and the
 * thread then answers; a wrong code says so; Log out in the thread's menu makes the next prompt ask again.
 */
import { expect, test } from './fixtures/baton-test';
import { fakeAgentEntry } from './support/fake-agents';

const FAKE_ACP = 'server/agents/acp/testing/fake-acp-agent.ts';
const LABEL = 'Fake ACP';
// Relative: the agent and its login run in the test's own workspace.
const entry = { ...fakeAgentEntry('acp', FAKE_ACP, [], LABEL), env: { FAKE_ACP_LOGIN_MARKER: '.fake-login-marker' } };

test.use({ workspaceOptions: { config: { agents: { fake: entry } } } });

test('the agent’s login runs in a terminal pane the user types into, then the thread answers', async ({ page, baton }) => {
  await baton.open();
  await baton.newThreadWith(LABEL);
  await baton.send('hello after logging in');
  const pane = page.getByTestId('login-terminal');
  await expect(pane).toContainText('Fake ACP needs you to log in: Log in to the fake agent');
  const output = page.getByTestId('login-terminal-output');
  await expect(output).toContainText('Welcome to the fake login');
  await expect(output).toContainText('Enter your code:');
  // Escape sequences are rendered, never shown raw.
  await expect(output).not.toContainText('[1m');
  await page.getByLabel('Type into the login terminal').fill('let-me-in');
  await page.getByLabel('Type into the login terminal').press('Enter');
  await expect(baton.assistantMessages.last()).toContainText('Fake agent heard: hello after logging in');
  await expect(pane).toHaveCount(0);
  await baton.expectTurnFinished();

  await page.getByTestId('chat-menu-button').click();
  await page.getByTestId('log-out-agent').click();
  await expect(page.getByText('Logged out of Fake ACP')).toBeVisible();
  await baton.send('and again');
  await expect(output).toContainText('Enter your code:');
  await page.getByLabel('Type into the login terminal').fill('not the code');
  await pane.getByRole('button', { name: 'Send line' }).click();
  await expect(output).toContainText('That code is wrong.');
  await expect(pane).toContainText('The login did not succeed: The login command exited with code 1.');
  await expect(page.getByTestId('turn-failure')).toContainText('the login did not succeed');
  await pane.getByRole('button', { name: 'Dismiss' }).click();
  await expect(pane).toHaveCount(0);
});
