/**
 * What a relay's workspace checkpoints do around the turns, where git or the repository is missing:
 * a relay that never checkpointed makes no repository when it sweeps at start, and a machine
 * without git gets a checkpoint failure that says so, while the turn goes on.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Workspace } from '../workspace/workspace';
import { CheckpointRestore } from './checkpoint-restore';
import { ShadowGit } from './shadow-git';
import { TurnCheckpoints } from './turn-checkpoints';
import { WorkspaceCheckpoints } from './workspace-checkpoints';

let root: string;
let gitDir: string;
let logged: string[];
let turnCheckpoints: TurnCheckpoints;

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'baton-turn-checkpoints-')));
  gitDir = path.join(root, '.baton', 'workspace-checkpoints.git');
  logged = [];
  const checkpoints = new WorkspaceCheckpoints(new ShadowGit(gitDir, root, [path.join(root, '.baton')]));
  turnCheckpoints = new TurnCheckpoints(
    checkpoints,
    new CheckpointRestore(checkpoints, new Workspace(root)),
    () => true,
    (message) => logged.push(message),
  );
});

afterEach(async () => {
  await turnCheckpoints.close();
  await rm(root, { recursive: true, force: true });
});

it('sweeps deleted threads at start without making a repository that no turn has needed', async () => {
  turnCheckpoints.sweepDeletedThreads(async () => false);
  await turnCheckpoints.close();
  expect(existsSync(gitDir)).toBe(false);
  expect(logged).toEqual([]);
});

it('says git is missing when there is none, and lets the turn go on', async () => {
  const savedPath = process.env.PATH;
  process.env.PATH = path.join(root, 'no-git-here');
  try {
    const end = await turnCheckpoints.begin('thread-1', 'hand', 0);
    await end?.();
  } finally {
    process.env.PATH = savedPath;
  }
  expect(logged.filter((message) => message.startsWith('could not take'))).toEqual([
    'could not take the start checkpoint of a turn in thread thread-1: Could not run git for the workspace checkpoints: git is not installed, or not on PATH',
    'could not take the end checkpoint of a turn in thread thread-1: Could not run git for the workspace checkpoints: git is not installed, or not on PATH',
  ]);
});
