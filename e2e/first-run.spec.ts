/**
 * The first five minutes, with no API key: the terminal says the offline demo answers, the page
 * explains the demo once and offers starter prompts, and a starter prompt starts the demo, whose
 * edit waits for approval before anything is written into the project.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BatonPage } from './support/baton-page';
import { makeTempFolder, type RelayProcess, startRelayProcess } from './support/relay-process';

let relay: RelayProcess;
let workspace: Awaited<ReturnType<typeof makeTempFolder>>;
let project: string;

test.beforeEach(async () => {
  workspace = await makeTempFolder('first-run');
  project = path.join(workspace.path, 'project');
  await mkdir(project);
  execFileSync('git', ['init', '-q'], { cwd: project });
  await writeFile(path.join(project, 'README.md'), '# Sample project\n');
  relay = await startRelayProcess({ workspaceRoot: project, dataDir: path.join(project, '.baton') });
});

test.afterEach(async () => {
  await relay.stop();
  await workspace.remove();
});

test('the terminal says the offline demo answers, and the data folder stays out of git status', async () => {
  await expect.poll(() => relay.stderr()).toContain('answers come from the offline demo model');
  expect(execFileSync('git', ['status', '--porcelain'], { cwd: project, encoding: 'utf8' })).toBe('?? README.md\n');
});

test('the first screen explains the demo once and a starter prompt starts it', async ({ page }) => {
  const baton = new BatonPage(page);
  await baton.open(relay.url);
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
  expect(existsSync(path.join(project, 'baton-demo.md'))).toBe(false);
  await expect(page.getByTestId('starter-prompt')).toHaveCount(0);
});
