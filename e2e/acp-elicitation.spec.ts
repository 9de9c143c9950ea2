/**
 * An ACP agent's questions to the user, from the browser: the fake ACP agent (a real child process
 * of the relay) asks with `elicitation/create`, the card shows in the thread, and the agent tells
 * back what it received, so each test reads what the user sees. A form filled in (a value its
 * schema refuses is said and nothing is sent), a form declined, and a link opened that the agent
 * then completes (`elicitation/complete`), which closes the card. A question waiting in a thread
 * out of sight shows in the inbox, and declining it there closes the card in its thread.
 */
import { expect, test } from './fixtures/baton-test';
import { fakeAgentEntry } from './support/fake-agents';

const FAKE_ACP = 'server/agents/acp/testing/fake-acp-agent.ts';
const LABEL = 'Fake ACP';

test.use({ workspaceOptions: { config: { agents: { fake: fakeAgentEntry('acp', FAKE_ACP, [], LABEL) } } } });

test('a form card: a value the form refuses is said, the answer reaches the agent, and the thread keeps it', async ({ page, baton }) => {
  await baton.open();
  await baton.newThreadWith(LABEL);
  await baton.send('please elicit-form');
  const card = page.getByTestId('elicitation-card');
  await expect(card).toHaveAttribute('data-status', 'pending');
  await expect(card.getByTestId('elicitation-message')).toHaveText('Tell me about your order');

  await card.getByLabel('Your name').fill('Ada');
  await card.getByLabel('How many').fill('11');
  await card.getByLabel('Colour').selectOption({ label: 'Green' });
  await card.getByLabel('Gift wrap').check();
  await card.getByTestId('elicitation-accept').click();
  await expect(card.getByTestId('elicitation-error')).toHaveText('"How many" must be at most 10');
  await expect(card).toHaveAttribute('data-status', 'pending');

  await card.getByLabel('How many').fill('3');
  await card.getByTestId('elicitation-accept').click();
  await expect(baton.assistantMessages.last()).toContainText('Form answer: accept {"name":"Ada","count":3,"colour":"green","gift":true}');
  await expect(card).toHaveAttribute('data-status', 'accepted');
  await expect(card.getByTestId('elicitation-values')).toContainText('How many 3');
  await baton.expectTurnFinished();

  // Opened again, the thread shows what was asked and what was answered.
  await page.reload();
  await baton.expectConnected();
  await baton.threadItems.first().click();
  await expect(card).toHaveAttribute('data-status', 'accepted');
  await expect(card.getByTestId('elicitation-message')).toHaveText('Tell me about your order');
  await expect(card.getByTestId('elicitation-values')).toContainText('Your name Ada');
  await expect(card.getByTestId('elicitation-values')).toContainText('Gift wrap Yes');
});

test('a form card declined: the agent hears decline and the card says so', async ({ page, baton }) => {
  await baton.open();
  await baton.newThreadWith(LABEL);
  await baton.send('please elicit-form');
  const card = page.getByTestId('elicitation-card');
  await card.getByTestId('elicitation-decline').click();
  await expect(baton.assistantMessages.last()).toContainText('Form answer: decline');
  await expect(card).toHaveAttribute('data-status', 'declined');
  await expect(card.getByTestId('elicitation-status')).toHaveText('Declined');
  await expect(card.getByTestId('elicitation-form')).toHaveCount(0);
});

test('a link card: Open opens it in a new tab, and the agent completing it closes the card', async ({ page, baton }) => {
  await baton.open();
  await baton.newThreadWith(LABEL);
  await baton.send('please elicit-url');
  const card = page.getByTestId('elicitation-card');
  await expect(card).toHaveAttribute('data-status', 'pending');
  await expect(card.getByTestId('elicitation-url')).toHaveAttribute('href', 'https://example.com/device?code=FAKE-1234');
  // The sign-in page, served here: the test machine reaches no outside site.
  await page.context().route('https://example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>Signed in</p>' }));
  const opened = page.context().waitForEvent('page');
  await card.getByTestId('elicitation-open').click();
  const tab = await opened;
  await expect(tab).toHaveURL('https://example.com/device?code=FAKE-1234');
  await expect(tab.getByText('Signed in')).toBeVisible();
  await tab.close();
  await expect(card).toHaveAttribute('data-status', 'completed');
  await expect(card.getByTestId('elicitation-status')).toHaveText('Completed by the agent');
  await expect(card.getByTestId('elicitation-open')).toHaveCount(0);
  await expect(baton.assistantMessages.last()).toContainText('URL answer: accept');
});

test('a form waiting in another thread shows in the inbox; declined there, its card in the thread closes', async ({ page, baton }) => {
  await baton.open();
  await baton.newThreadWith(LABEL);
  await baton.send('please elicit-form');
  await expect(page.getByTestId('elicitation-card')).toHaveAttribute('data-status', 'pending');
  await baton.newThread();

  await expect(page.getByTestId('inbox-badge')).toHaveText('1');
  await page.getByTestId('inbox-button').click();
  const entry = page.locator('[data-testid="inbox-item"][data-kind="elicitation"]');
  await expect(entry).toContainText('please elicit-form');
  await expect(entry.getByTestId('inbox-elicitation-message')).toHaveText('Tell me about your order');
  await entry.getByTestId('inbox-elicitation-decline').click();
  await expect(entry).toHaveCount(0);

  await page.keyboard.press('Escape');
  await page.getByTestId('thread-item').filter({ hasText: 'please elicit-form' }).click();
  const card = page.getByTestId('elicitation-card');
  await expect(card).toHaveAttribute('data-status', 'declined');
  await expect(card.getByTestId('elicitation-status')).toHaveText('Declined');
  await expect(baton.assistantMessages.last()).toContainText('Form answer: decline');
});
