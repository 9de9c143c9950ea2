/**
 * The thread's Changes panel (issue 24, "Changes"): a scripted model writes two files through the
 * built-in agent; the user opens Changes in the chat's place, sees one header per file, folds one
 * away, reverts the other and finds it back as it was (on disk and in the Files viewer) with the
 * panel saying so; a file changed since the thread wrote it asks before it is reverted. The chat's
 * entries all stay.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { say, scriptedSteps, useTool } from '../server/agents/builtin/testing/agent-support';
import { expect, test } from './fixtures/baton-test';

// The writes run without a question: the panel is what this test is about.
test.use({
  workspaceOptions: { files: { 'notes.md': 'the user’s notes\n' }, config: { toolApproval: [{ tool: 'write_file', decision: 'allow' }] } },
});

// The steps are used up as they are answered: each test has its own.
test.beforeEach(({ model }) => {
  model.script = scriptedSteps(
    useTool('write_file', { path: 'notes.md', content: 'written by the agent\n' }),
    useTool('write_file', { path: 'created.md', content: 'a new file\n' }),
    say('Both files are written.'),
  );
});

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('one header per file, a file folded away, a file reverted and the panel saying so', async ({ page, baton, relay, workspace }) => {
  await baton.open();
  await baton.newThread();
  await baton.send('write two files');
  await expect(baton.assistantMessages.last()).toContainText('Both files are written.');
  await baton.expectTurnFinished();
  await expect(baton.toolCard('write_file')).toHaveCount(2);
  expect(await workspace.read('notes.md')).toBe('written by the agent\n');

  await page.getByRole('button', { name: 'Changes', exact: true }).click();
  const panel = page.getByTestId('changes-view');
  // In the chat's place: the pane has the panel's scroll area, not the entries' list as well.
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('chat-entries')).toHaveCount(0);
  const files = panel.getByTestId('changes-file');
  await expect(files).toHaveCount(2);
  const notes = files.filter({ has: page.locator('code', { hasText: 'notes.md' }) });
  const created = files.filter({ has: page.locator('code', { hasText: 'created.md' }) });
  await expect(notes.getByTestId('changes-file-toggle')).toHaveText('▾notes.md+1−1');
  await expect(created.getByTestId('changes-file-toggle')).toHaveText('▾created.md+1−0');
  await expect(notes.getByTestId('tool-call-diff')).toContainText('written by the agent');
  expect(await seriousViolations(page), 'Changes panel').toEqual([]);

  // Folding one file hides its diff and leaves the other's open.
  await created.getByTestId('changes-file-toggle').click();
  await expect(created.getByTestId('changes-file-toggle')).toHaveAttribute('aria-expanded', 'false');
  await expect(created.getByTestId('tool-call-diff')).toBeHidden();
  await expect(notes.getByTestId('tool-call-diff')).toBeVisible();

  await notes.getByRole('button', { name: 'Revert this file: notes.md' }).click();
  await expect(notes.getByRole('status')).toHaveText('notes.md is back as it was before this thread.');
  expect(await workspace.read('notes.md')).toBe('the user’s notes\n');
  // Read again from the relay, the panel marks the file reverted; the folded one stays folded.
  await expect(notes.getByTestId('changes-file-reverted')).toHaveText('Reverted');
  await expect(notes.getByRole('button', { name: /Revert this file/ })).toHaveCount(0);
  await expect(created.getByTestId('changes-file-toggle')).toHaveAttribute('aria-expanded', 'false');
  await expect(created.getByTestId('tool-call-diff')).toBeHidden();
  expect(await workspace.read('created.md')).toBe('a new file\n');

  await page.getByTestId('file-item').filter({ hasText: 'notes.md' }).click();
  await expect(page.getByRole('region', { name: 'Contents of notes.md' })).toContainText('the user’s notes');

  // The thread is not rewound: back in the chat, both writes are still there.
  await panel.getByRole('button', { name: 'Back to the chat' }).click();
  await expect(page.getByTestId('chat-entries')).toBeVisible();
  await expect(baton.toolCard('write_file')).toHaveCount(2);
});

test('a file changed since the thread wrote it is reverted only once the user confirms', async ({ page, baton, workspace }) => {
  await baton.open();
  await baton.newThread();
  await baton.send('write two files');
  await expect(baton.assistantMessages.last()).toContainText('Both files are written.');
  await baton.expectTurnFinished();
  await writeFile(path.join(workspace.path, 'created.md'), 'edited by the user since\n');

  await page.getByRole('button', { name: 'Changes', exact: true }).click();
  const created = page.getByTestId('changes-file').filter({ has: page.locator('code', { hasText: 'created.md' }) });
  await created.getByRole('button', { name: 'Revert this file: created.md' }).click();
  const conflict = created.getByTestId('changes-revert-conflict');
  await expect(conflict).toContainText("created.md changed after the agent's change; restoring it would lose that.");
  expect(await workspace.read('created.md')).toBe('edited by the user since\n');
  expect(await seriousViolations(page), 'conflict shown').toEqual([]);

  await conflict.getByRole('button', { name: 'Revert anyway' }).click();
  await expect(created.getByRole('status')).toHaveText('This thread created created.md; it was removed.');
  expect(existsSync(path.join(workspace.path, 'created.md'))).toBe(false);
  await expect(created.getByTestId('changes-file-reverted')).toHaveText('Reverted');
});
