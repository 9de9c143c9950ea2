/**
 * The composer's `@` contexts and `/` commands, end to end: what the user picks reaches the model
 * (contexts resolved into its prompt) or runs on the relay (native commands).
 */
import { expect, test } from './fixtures/baton-test';

test.use({ workspaceOptions: { files: { 'notes.md': 'line one\nthe secret word is tangerine\nline three\n' } } });

test('a file chosen with @ becomes a chip and its text reaches the model, not the transcript', async ({ page, baton, model }) => {
  await baton.open();
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

test('/ offers the commands, and /repo-map answers from the workspace without the model', async ({ page, baton, model }) => {
  await baton.open();
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
