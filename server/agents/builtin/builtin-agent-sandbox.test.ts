import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentBlocks, type RequestMessage } from '../../demo-model/messages-request';
import { CommandSandbox } from '../../process/command-sandbox';
import { SandboxConfigSchema } from '../../process/sandbox-config';
import { say, useAgentFixture, useTool, scriptedSteps } from './testing/agent-support';
import type { ToolApprovalRule } from '../../guard/agent-config';
import { ApprovalPolicy } from '../../guard/approval-policy';
import { createRecordingTurn } from '../../hub/testing/recording-turn';

const fixture = useAgentFixture({
  prefix: 'baton-agent-sandbox-',
  prepare: async ({ workspaceRoot }) => {
    await mkdir(path.join(workspaceRoot, '.baton'));
    await writeFile(path.join(workspaceRoot, '.baton', 'config.json'), '{"note":"the relay config"}');
  },
});
const outside = `/var/tmp/baton-agent-sandbox-${randomUUID()}`;

afterEach(() => rm(outside, { force: true }));

async function sandboxFor(env: Record<string, string> = {}) {
  return CommandSandbox.start({
    config: SandboxConfigSchema.parse({}),
    workspaceRoot: fixture.workspaceRoot,
    dataDir: path.join(fixture.workspaceRoot, '.baton'),
    env: { PATH: process.env.PATH, HOME: fixture.workspaceRoot, ...env },
  });
}

async function runCommand(commandSandbox: CommandSandbox, command: string, timeoutSeconds?: number, rules: ToolApprovalRule[] = []) {
  const agent = await fixture.agentWith(
    scriptedSteps(useTool('shell_command', { command, ...(timeoutSeconds ? { timeout_seconds: timeoutSeconds } : {}) }), say('Ran.')),
    { commandSandbox, approvalPolicy: new ApprovalPolicy(rules) },
  );
  const recording = createRecordingTurn({ message: 'Run it', decide: () => 'approved' });
  await agent.runTurn(recording.turn);
  return recording;
}

/** Processes whose command line holds `marker`, bounded wait until there are none; the ones left. */
async function processesWith(marker: string): Promise<string[]> {
  const find = async () => {
    const found: string[] = [];
    for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (cmdline.split('\0').includes(marker)) found.push(pid);
    }
    return found;
  };
  for (let attempt = 0; attempt < 100 && (await find()).length > 0; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  return find();
}

describe('shell_command in the sandbox', () => {
  it('shows the boundary on the card before approval and after, and the command is held by it', async () => {
    const recording = await runCommand(await sandboxFor(), `cat .baton/config.json; touch ${outside}; echo kept > kept.txt`);
    const sandboxed = { sandboxed: true, network: false };
    expect(recording.contents.find((content) => content.type === 'toolCallRun')).toMatchObject({
      manualApproval: true,
      boundary: sandboxed,
    });
    expect(recording.contents.find((content) => content.type === 'toolCalled')).toMatchObject({ boundary: sandboxed });
    const entry = recording.entries().find((candidate) => candidate.type === 'toolCall');
    expect(entry).toMatchObject({ status: 'succeeded', boundary: sandboxed });
    expect(entry?.type === 'toolCall' && entry.outputText).toContain(`touch: cannot touch '${outside}': Read-only file system`);
    expect(entry?.type === 'toolCall' && entry.outputText).not.toContain('the relay config');
    expect(existsSync(outside)).toBe(false);
    expect(await readFile(path.join(fixture.workspaceRoot, 'kept.txt'), 'utf8')).toBe('kept\n');
    // The model is told where the command ran, so a refused write makes sense to it.
    const [result] = contentBlocks(fixture.server?.requests[1]?.messages.at(-1) as RequestMessage);
    expect(result).toMatchObject({ type: 'tool_result' });
    expect(JSON.stringify(result)).toContain('Ran in the sandbox: only the workspace and /tmp were writable, the network was off.');
  });

  it('stops a sandboxed command and all it started when it outlives its timeout', async () => {
    const marker = `${1000 + Math.floor(Math.random() * 1000)}.25`;
    const recording = await runCommand(await sandboxFor(), `sleep ${marker} & echo started; wait`, 1);
    const entry = recording.entries().find((candidate) => candidate.type === 'toolCall');
    expect(entry?.type === 'toolCall' && entry.outputText).toContain('Timed out after 1 s');
    expect(await processesWith(marker)).toEqual([]);
  });

  it('runs a command outside the sandbox when the rule that allows it says so, and the card says why', async () => {
    const rules: ToolApprovalRule[] = [{ action: 'execute', program: 'touch', decision: 'allow', sandbox: false }];
    const recording = await runCommand(await sandboxFor(), `touch ${outside}`, undefined, rules);
    expect(recording.approvalsAsked).toEqual([]);
    const entry = recording.entries().find((candidate) => candidate.type === 'toolCall');
    expect(entry).toMatchObject({ status: 'succeeded', boundary: { sandboxed: false, reason: 'turned off by a rule' } });
    expect(existsSync(outside)).toBe(true);
  });

  it('says "not sandboxed: bubblewrap missing" on the card when there is none, and runs the command', async () => {
    const recording = await runCommand(await sandboxFor({ BATON_BWRAP_PATH: '/nonexistent/bwrap' }), `touch ${outside}`);
    const entry = recording.entries().find((candidate) => candidate.type === 'toolCall');
    expect(entry).toMatchObject({ status: 'succeeded', boundary: { sandboxed: false, reason: 'bubblewrap missing' } });
    expect(existsSync(outside)).toBe(true);
  });
});
