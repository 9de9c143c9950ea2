/**
 * The first five minutes, with no API key: the terminal says the offline demo answers, the page
 * explains the demo once and offers starter prompts, and a starter prompt starts the demo, whose
 * edit waits for approval before anything is written into the project.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures/baton-test';

// No API key: the offline demo. The project is a git repository, whose status the data folder must not change.
test.use({
  relayOptions: { offlineDemo: true },
  workspaceOptions: {
    folder: 'project',
    files: { 'README.md': '# Sample project\n' },
    prepare: async (workspace) => execFileSync('git', ['init', '-q'], { cwd: workspace.path }),
  },
});

test('the terminal says the offline demo answers, and the data folder stays out of git status', async ({ relay, workspace }) => {
  await expect.poll(() => relay.stderr()).toContain('answers come from the offline demo model');
  expect(execFileSync('git', ['status', '--porcelain'], { cwd: workspace.path, encoding: 'utf8' })).toBe('?? README.md\n');
});

test('the first screen explains the demo once and a starter prompt starts it', async ({ page, baton, workspace }) => {
  await baton.open();
  await expect(page.getByTestId('offline-demo-banner')).toBeVisible();
  await expect(page.getByText(/offline demo/i)).toHaveCount(1);
  const starters = page.getByTestId('starter-prompt');
  await expect(starters).toHaveText([
    'Show me what you can do',
    'Summarise the README for me',
    'Add a short note about this project',
    'What would you improve first?',
  ]);

  await starters.filter({ hasText: 'Summarise the README for me' }).click();
  await expect(baton.userMessages).toHaveText(['Summarise the README for me']);
  await expect(baton.assistantMessages.first()).toContainText("This is Baton's offline demo model");
  const writeCard = baton.toolCard('write_file');
  await expect(writeCard).toHaveAttribute('data-status', 'waiting-approval');
  // Shown, not yet written: the project holds nothing new until the edit is approved.
  await expect(writeCard.getByTestId('tool-call-diff')).toContainText('+# Baton demo');
  expect(existsSync(path.join(workspace.path, 'baton-demo.md'))).toBe(false);
  await expect(page.getByTestId('starter-prompt')).toHaveCount(0);
});
