/**
 * The files a shell command names are judged like every tool's paths: a write into .git asks
 * whatever allows the command, a rule about a path holds, and Baton's data folder is refused.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ApprovalPolicy } from './approval-policy';
import { Workspace } from '../workspace/workspace';
import { callCommands } from './call-commands';
import { commandPaths } from './command-paths';

let root: string;
let workspace: Workspace;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'baton-command-paths-'));
  await mkdir(path.join(root, '.baton'));
  workspace = new Workspace(root, { protectedFolders: [path.join(root, '.baton')] });
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function judge(policy: ApprovalPolicy, line: string) {
  const call = { name: 'shell_command', arguments: { command: line } };
  const commands = (await callCommands(call))!;
  const touched = await commandPaths(commands, workspace);
  return { touched, verdict: policy.decide({ ...call, readOnly: false, commands, paths: touched.paths }) };
}

it('names the files a line writes, reads and removes, resolved inside the workspace', async () => {
  const { touched } = await judge(new ApprovalPolicy(), 'cat < docs/../notes.txt | tee out.txt > /dev/null; rm -f old.txt /tmp/elsewhere');
  expect(touched.paths).toEqual([
    { path: 'notes.txt', access: ['read'] },
    { path: 'out.txt', access: ['write'] },
    { path: 'old.txt', access: ['write'] },
  ]);
});

it('asks every time before a command writes inside .git, whatever allows the command', async () => {
  const allowEcho = new ApprovalPolicy([{ action: 'execute', program: 'echo', decision: 'allow' }]);
  expect((await judge(allowEcho, 'echo ok')).verdict.decision).toBe('allow');
  expect((await judge(allowEcho, 'echo "git commit runs me" > .git/hooks/pre-commit')).verdict).toMatchObject({
    decision: 'ask',
    alwaysAsks: 'a change inside .git always asks',
  });
});

it('holds a path rule for a command: a deny on writing secrets/ refuses a redirect into it', async () => {
  const policy = new ApprovalPolicy([{ action: 'write', path: { startsWith: 'secrets/' }, decision: 'deny' }]);
  expect((await judge(policy, 'echo key > ./secrets/key.txt')).verdict.decision).toBe('deny');
  expect((await judge(policy, 'mv secrets/key.txt elsewhere.txt')).verdict.decision).toBe('deny');
});

it("refuses a command that names Baton's data folder", async () => {
  const { touched } = await judge(new ApprovalPolicy(), 'echo {} > .baton/config.json');
  expect(touched.refusal).toContain("Baton's data folder");
});
