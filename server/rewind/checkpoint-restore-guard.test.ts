/**
 * A rewind's restore from the workspace checkpoints of an agent that writes files itself (real git
 * checkpoints around a turn whose writes Baton never sees), in a workspace that is a real git
 * repository: a folder swapped for a link to `.git/hooks` gets nothing written, a FIFO is left
 * alone, and a deny rule of the user's config keeps its file as it is, while the rest is restored.
 */
import { existsSync } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readFile, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ApprovalPolicy } from '../guard/approval-policy';
import { commitInRepository, HOOK_MARKER, initRepository, MARKING_HOOK, snapshotFolder } from '../workspace/testing/git-repository-support';
import { Workspace } from '../workspace/workspace';
import { CheckpointRestore } from './checkpoint-restore';
import { policyRestoreGuard } from './policy-restore-guard';
import { ShadowGit } from './shadow-git';
import { TurnCheckpoints } from './turn-checkpoints';
import { WorkspaceCheckpoints } from './workspace-checkpoints';

const THREAD = 'thread-1';
let root: string;
let turns: TurnCheckpoints;

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'baton-checkpoint-guard-')));
  const dataDir = path.join(root, '.baton');
  initRepository(root);
  await mkdir(path.join(root, 'hooks'));
  await writeFile(path.join(root, 'hooks/pre-commit'), MARKING_HOOK);
  const checkpoints = new WorkspaceCheckpoints(new ShadowGit(path.join(dataDir, 'workspace-checkpoints.git'), root, [dataDir]));
  const workspace = new Workspace(root, { protectedFolders: [dataDir] });
  turns = new TurnCheckpoints(
    checkpoints,
    new CheckpointRestore(checkpoints, workspace),
    () => true,
    () => undefined,
  );
});

afterEach(async () => {
  await turns.close();
  await rm(root, { recursive: true, force: true });
});

const at = (relative: string) => path.join(root, relative);

/** One turn of the agent, at entry 0, that writes `writes` (path to content) itself. */
async function agentTurn(writes: Record<string, string>): Promise<void> {
  const end = await turns.begin(THREAD, 'self-writing agent', 0);
  for (const [file, content] of Object.entries(writes)) {
    await mkdir(path.dirname(at(file)), { recursive: true });
    await writeFile(at(file), content);
  }
  await end?.();
}

it('writes nothing into .git through a folder swapped for a link to .git/hooks, and the next commit runs no restored hook', async () => {
  await agentTurn({ 'hooks/pre-commit': '#!/bin/sh\nexit 0\n', 'notes.txt': 'agent notes\n' });
  // The agent's file, installed as a hook, and the folder made a link to where it went.
  await rename(at('hooks/pre-commit'), at('.git/hooks/pre-commit'));
  await chmod(at('.git/hooks/pre-commit'), 0o755);
  await rm(at('hooks'), { recursive: true });
  await symlink(path.join('.git', 'hooks'), at('hooks'));
  const gitFolder = await snapshotFolder(at('.git'));

  const conflict = {
    path: 'hooks/pre-commit',
    action: 'restore',
    overridable: false,
    reason: expect.stringContaining('hooks is a symbolic link into .git'),
  };
  expect(await turns.plan(THREAD, 0)).toEqual({ files: [{ path: 'notes.txt', action: 'remove' }], conflicts: [conflict] });
  expect(await turns.restore(THREAD, 0, { overwriteConflicts: true })).toEqual({
    restored: [{ path: 'notes.txt', action: 'remove' }],
    conflicts: [conflict],
  });
  expect(await snapshotFolder(at('.git'))).toEqual(gitFolder);
  expect(existsSync(at('notes.txt'))).toBe(false);
  commitInRepository(root);
  expect(existsSync(at(HOOK_MARKER))).toBe(false);
});

it('leaves a file that became a FIFO as it is, without opening it', async () => {
  await agentTurn({ 'hooks/pre-commit': '#!/bin/sh\nexit 0\n' });
  await rm(at('hooks/pre-commit'));
  execFileSync('mkfifo', [at('hooks/pre-commit')]);
  const conflict = {
    path: 'hooks/pre-commit',
    action: 'restore',
    overridable: false,
    reason: 'hooks/pre-commit is a FIFO (named pipe) now; a rewind replaces only regular files, so it was left as it is.',
  };
  expect(await turns.restore(THREAD, 0, { overwriteConflicts: true })).toEqual({ restored: [], conflicts: [conflict] });
  expect((await lstat(at('hooks/pre-commit'))).isFIFO()).toBe(true);
});

it("keeps a file a deny rule of the user's config guards, and restores the rest", async () => {
  await agentTurn({ 'hooks/pre-commit': '#!/bin/sh\nexit 0\n', 'notes.txt': 'agent notes\n' });
  const guard = policyRestoreGuard(
    new ApprovalPolicy([{ tool: 'edit_file', decision: 'deny', when: { argument: 'path', startsWith: 'hooks/' } }]),
  );
  const refused = {
    path: 'hooks/pre-commit',
    action: 'restore',
    overridable: false,
    reason: 'refused by your config (deny edit_file when path starts with "hooks/").',
  };
  expect(await turns.plan(THREAD, 0, guard)).toEqual({ files: [{ path: 'notes.txt', action: 'remove' }], conflicts: [refused] });
  expect(await turns.restore(THREAD, 0, { guard })).toEqual({ restored: [{ path: 'notes.txt', action: 'remove' }], conflicts: [refused] });
  expect(await readFile(at('hooks/pre-commit'), 'utf8')).toBe('#!/bin/sh\nexit 0\n');
});
