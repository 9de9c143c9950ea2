/**
 * An ACP agent driven from the browser: the project's fake ACP agent (built on the agent side of
 * @agentclientprotocol/sdk, run as a real child process by the relay) picked for a new thread, its
 * streamed answer, its own permission options on the card, Stop, a reload mid-turn, and a thread
 * handed from the built-in agent to it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures/baton-test';
import { fakeAgentEntry } from './support/fake-agents';

const FAKE_ACP = 'server/agents/acp/testing/fake-acp-agent.ts';
const LABEL = 'Fake ACP';

test.use({ workspaceOptions: { config: { agents: { fake: fakeAgentEntry('acp', FAKE_ACP, [], LABEL) } } } });

test('a new thread on the ACP agent streams its answer and asks with its own options before it writes', async ({
  page,
  baton,
  workspace,
}) => {
  await baton.open();
  await baton.newThreadWith(LABEL);
  await expect(baton.activeAgent).toContainText(LABEL);

  // A thread exists once its first prompt is sent: from then on the list names its agent.
  await baton.send('please write the notes');
  await expect(baton.page.getByTestId('thread-agent').first()).toHaveText(LABEL);
  await expect(baton.page.getByTestId('approval-option')).toHaveText(['Allow this edit', 'Always allow edits', 'Do not edit']);
  await baton.page.getByTestId('approval-option').filter({ hasText: 'Allow this edit' }).click();
  await expect(baton.assistantMessages.last()).toContainText('Fake agent heard: please write the notes');
  await baton.expectTurnFinished();
  await expect(baton.toolCards.first()).toHaveAttribute('data-status', 'succeeded');
  expect(await readFile(path.join(workspace.path, 'notes.txt'), 'utf8')).toBe('fake notes\nline two\n');
});

test('Stop ends a running ACP turn, a reload mid-turn shows it once, and the next prompt works', async ({ page, baton }) => {
  await baton.open();
  await baton.newThreadWith(LABEL);
  await baton.send('tell a slow story');
  await expect(baton.assistantMessages.last()).toContainText('word');
  await page.reload();
  await baton.expectConnected();
  await baton.threadItems.first().click();
  await expect(baton.userMessages).toHaveCount(1);
  await expect(baton.assistantMessages).toHaveCount(1);
  await expect(baton.stopButton).toBeVisible();
  await baton.stopButton.click();
  await baton.expectTurnFinished();

  await baton.send('and now a quick one');
  await expect(baton.assistantMessages.last()).toContainText('Fake agent heard: and now a quick one');
  await baton.expectTurnFinished();
});

test('a thread handed from the built-in agent to the ACP agent carries on with its history', async ({ page, baton }) => {
  await baton.open();
  await baton.newThread();
  await baton.send('remember the word avocado');
  await expect(baton.assistantMessages.last()).toContainText('You said: remember the word avocado');
  await baton.expectTurnFinished();

  await baton.handOverTo(LABEL);
  await expect(baton.page.getByTestId('hand-over-note')).toContainText(`to ${LABEL}`);
  await expect(baton.activeAgent).toContainText(LABEL);
  await baton.send('what was the word?');
  // The fake echoes the start of the prompt it got: the primed transcript, not the bare question.
  await expect(baton.assistantMessages.last()).toContainText('Fake agent heard: You are continuing a conversation');
  await baton.expectTurnFinished();
  await expect(baton.page.getByTestId('thread-agent').first()).toHaveText(LABEL);
});
