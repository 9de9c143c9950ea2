/**
 * The built-in agent's tools and approval policy as a user meets them in the browser: a shell
 * command's output streaming onto its card, a config that denies a tool, "Approve for this
 * session", the plan behaviour, and MCP servers in the tools panel.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ModelScript, ScriptedBlock } from '../server/demo-model/scripted-reply';
import { expect, test } from './fixtures/baton-test';

/** Calls the given tools, one round each, then says "All done." */
function toolRounds(...rounds: ScriptedBlock[][]): ModelScript {
  return (request) => {
    const round = request.messages.filter((message) => message.role === 'assistant').length;
    return { blocks: rounds[round] ?? [{ type: 'text', text: 'All done.' }] };
  };
}

test('a shell command shows its output while it runs, then its exit code', async ({ page, baton, workspace, model }) => {
  // The command waits for a file the test creates, so "running" is observed without timing.
  const command = 'echo first line; while [ ! -f go.flag ]; do sleep 0.1; done; echo second line';
  model.script = toolRounds([{ type: 'tool_use', name: 'shell_command', input: { command } }]);
  await baton.open();
  await baton.send('run it');
  const card = baton.toolCard('shell_command');
  await expect(card).toHaveAttribute('data-status', 'waiting-approval');
  await card.getByTestId('approve-tool-call').click();
  await expect(card).toHaveAttribute('data-status', 'running');
  await expect(card.getByTestId('tool-call-live-output')).toContainText('first line');
  await expect(card.getByTestId('tool-call-live-output')).not.toContainText('second line');

  await writeFile(path.join(workspace.path, 'go.flag'), '');
  await expect(card).toHaveAttribute('data-status', 'succeeded');
  // The closed row already says what the command printed first.
  await expect(card.getByTestId('tool-call-result')).toHaveText('first line');
  await card.getByTestId('tool-call-toggle').click();
  await expect(card.getByTestId('tool-call-output')).toContainText('second line');
  await expect(card.getByTestId('tool-call-output')).toContainText('Exit code 0.');
  await expect(baton.assistantMessages.last()).toHaveText('All done.');
});

test("a failed call's row says why without being opened", async ({ page, baton, model }) => {
  model.script = toolRounds([{ type: 'tool_use', name: 'read_file', input: { path: 'missing.md' } }]);
  await baton.open();
  await baton.send('read it');
  const card = baton.toolCard('read_file');
  await expect(card).toHaveAttribute('data-status', 'failed');
  await expect(card).toHaveAttribute('data-expanded', 'false');
  await expect(card.getByTestId('tool-call-result')).toContainText('missing.md');
  await expect(baton.assistantMessages.last()).toHaveText('All done.');
});

test.describe('with a config that denies write_file', () => {
  test.use({ workspaceOptions: { config: { toolApproval: [{ tool: 'write_file', decision: 'deny' }] } } });

  test('a tool the config denies is refused without asking, and the model is told why', async ({ page, baton, workspace, model }) => {
    model.script = toolRounds([{ type: 'tool_use', name: 'write_file', input: { path: 'denied.txt', content: 'no\n' } }]);
    await baton.open();
    await baton.send('write something');
    const card = baton.toolCard('write_file');
    await expect(card).toHaveAttribute('data-status', 'rejected');
    await expect(card.getByTestId('approve-tool-call')).toHaveCount(0);
    await expect(baton.assistantMessages.last()).toHaveText('All done.');
    expect(existsSync(path.join(workspace.path, 'denied.txt'))).toBe(false);
    expect(JSON.stringify(model?.requests.at(-1)?.messages.at(-1))).toMatch(/config|policy/i);
  });
});

test('"Approve for this session" lets later calls of that tool in the thread run without asking', async ({
  page,
  baton,
  workspace,
  model,
}) => {
  model.script = toolRounds(
    [{ type: 'tool_use', name: 'write_file', input: { path: 'one.txt', content: '1\n' } }],
    [{ type: 'tool_use', name: 'write_file', input: { path: 'two.txt', content: '2\n' } }],
  );
  await baton.open();
  await baton.send('write two files');
  const first = baton.toolCards.first();
  await expect(first).toHaveAttribute('data-status', 'waiting-approval');
  await first.getByTestId('approve-tool-call-session').click();
  await expect(baton.assistantMessages.last()).toHaveText('All done.');
  await expect(baton.toolCards).toHaveCount(2);
  await expect(baton.toolCards.nth(1)).toHaveAttribute('data-status', 'succeeded');
  await expect(baton.toolCards.nth(1)).toContainText('approved for this session');
  expect(existsSync(path.join(workspace.path, 'two.txt'))).toBe(true);
});

test('the plan behaviour offers the model only the tools that read', async ({ page, baton, model }) => {
  model.script = toolRounds();
  await baton.open();
  await page.locator('[data-testid="behavior-switch"] [data-behavior="plan"]').click();
  await baton.send('make a plan');
  await expect(baton.assistantMessages.last()).toHaveText('All done.');
  const offered = (model?.requests.at(-1)?.tools ?? []).map((tool) => (tool as { name: string }).name).sort();
  expect(offered).toEqual(['directory_tree', 'glob', 'grep', 'read_file']);
});

const bin = path.resolve('node_modules/.bin');

test.describe('with two MCP servers, one that fails', () => {
  test.use({
    workspaceOptions: {
      config: {
        mcpServers: {
          everything: { command: path.join(bin, 'mcp-server-everything') },
          broken: { command: process.execPath, args: ['-e', 'process.exit(3)'] },
        },
      },
    },
  });

  test('MCP servers show in the tools panel with their status, and stop and start from there', async ({ page, baton, model }) => {
    model.script = toolRounds();
    await baton.open();
    await page.getByTestId('side-tab-tools').click();
    const everything = page.locator('[data-testid="tool-server"][data-server-name="everything"]');
    const broken = page.locator('[data-testid="tool-server"][data-server-name="broken"]');
    const builtin = page.locator('[data-testid="tool-server"][data-server-name="ECA"]');
    await expect(builtin).toHaveAttribute('data-status', 'running');
    await expect(builtin.getByTestId('tool-server-name')).toHaveText("Baton's built-in tools");
    await expect(page.getByTestId('tool-servers-panel')).not.toContainText('ECA');
    await expect(everything).toHaveAttribute('data-status', 'running');
    await expect(broken).toHaveAttribute('data-status', 'failed');
    await expect(broken.getByTestId('tool-server-error')).toContainText('exited');

    await everything.getByTestId('stop-server').click();
    await expect(everything).toHaveAttribute('data-status', 'stopped');
    await everything.getByTestId('start-server').click();
    await expect(everything).toHaveAttribute('data-status', 'running');
    expect(baton.page.url()).not.toContain('token');
  });
});
