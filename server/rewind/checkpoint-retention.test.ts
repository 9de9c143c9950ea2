/**
 * How long the shadow repository keeps checkpoints, with the real git binary on a real workspace:
 * a deleted thread's refs go and, once collected, so do the objects only they named; the cap keeps
 * a thread's last turns only and marks the rest too old; a fork gets refs to the same commits;
 * a rewind's forgotten turns take the mark down with them.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from '../workspace/workspace';
import { CheckpointCollector } from './checkpoint-collector';
import { CheckpointRestore } from './checkpoint-restore';
import { CheckpointRetention } from './checkpoint-retention';
import { ShadowGit } from './shadow-git';
import { WorkspaceCheckpoints } from './workspace-checkpoints';

let base: string;
let root: string;
let git: ShadowGit;
let checkpoints: WorkspaceCheckpoints;
let restore: CheckpointRestore;

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'baton-retention-')));
  root = path.join(base, 'ws');
  const dataDir = path.join(root, '.baton');
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(root, 'a.txt'), 'original\n');
  git = new ShadowGit(path.join(dataDir, 'checkpoints.git'), root, [dataDir]);
  checkpoints = new WorkspaceCheckpoints(git);
  restore = new CheckpointRestore(checkpoints, new Workspace(root, { protectedFolders: [dataDir] }));
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

async function turn(threadId: string, position: number, file: string, content: string): Promise<void> {
  await checkpoints.take(threadId, position, 'start');
  await writeFile(path.join(root, file), content);
  await checkpoints.take(threadId, position, 'end');
}

const refs = () =>
  execFileSync('git', ['--git-dir', git.gitDir, 'for-each-ref', '--format=%(refname)'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const hasObject = (object: string) => {
  try {
    execFileSync('git', ['--git-dir', git.gitDir, 'cat-file', '-e', object], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const blobOf = (content: string) => execFileSync('git', ['hash-object', '--stdin'], { input: content, encoding: 'utf8' }).trim();

describe('checkpoint retention', () => {
  it("drops a deleted thread's refs, and the collection deletes the objects only they named", async () => {
    const secret = 'written in the deleted thread only\n';
    await turn('doomed', 0, 'only-doomed.txt', secret);
    await unlink(path.join(root, 'only-doomed.txt'));
    await turn('kept', 0, 'a.txt', 'kept thread\n');
    expect(hasObject(blobOf(secret))).toBe(true);

    const retention = new CheckpointRetention(git);
    expect(await retention.forgetThread('doomed')).toBe(true);
    expect(refs().some((ref) => ref.includes('/doomed/'))).toBe(false);
    expect(refs()).toEqual(['refs/baton/kept/0/end', 'refs/baton/kept/0/start']);
    await new CheckpointCollector(git, { pruneGrace: 'now' }).collect();

    expect(hasObject(blobOf(secret))).toBe(false);
    expect(hasObject(blobOf('kept thread\n'))).toBe(true);
    // The kept thread still rewinds with its files.
    expect((await restore.restore('kept', 0)).restored).toEqual([{ path: 'a.txt', action: 'restore' }]);
  });

  it("keeps each thread's last turns only, and says a rewind further back is too old to restore", async () => {
    const retention = new CheckpointRetention(git, 2);
    for (const position of [0, 2, 4, 6, 8]) {
      await turn('long', position, 'a.txt', `turn ${position}\n`);
      await retention.cap('long');
    }
    await turn('short', 0, 'b.txt', 'another thread\n');
    await retention.cap('short');

    expect((await checkpoints.turnsFrom('long', 0)).map((kept) => kept.position)).toEqual([6, 8]);
    expect((await checkpoints.turnsFrom('short', 0)).map((kept) => kept.position)).toEqual([0]);
    expect(await retention.tooOldToRestore('long', 4)).toBe(true);
    expect(await retention.tooOldToRestore('long', 5)).toBe(false);
    expect(await retention.tooOldToRestore('short', 0)).toBe(false);
    // The kept turns still restore what they changed.
    expect(await restore.plan('long', 6)).toEqual({ files: [{ path: 'a.txt', action: 'restore' }], conflicts: [] });
  });

  it('takes the too-old mark down with the turns a rewind removes, so later turns there are restorable', async () => {
    const retention = new CheckpointRetention(git, 1);
    for (const position of [0, 2, 4]) {
      await turn('thread', position, 'a.txt', `turn ${position}\n`);
      await retention.cap('thread');
    }
    expect(await retention.tooOldToRestore('thread', 2)).toBe(true);
    await checkpoints.forget('thread', 2);
    expect(refs()).toEqual(['refs/baton/thread/pruned/1']);
    await turn('thread', 2, 'a.txt', 'after the rewind\n');
    expect(await retention.tooOldToRestore('thread', 2)).toBe(false);
    expect(await retention.tooOldToRestore('thread', 0)).toBe(true);
  });

  it("gives a fork the source's checkpoints of the kept turns, as refs to the same commits", async () => {
    const retention = new CheckpointRetention(git, 2);
    for (const position of [0, 3, 6]) {
      await turn('source', position, 'a.txt', `turn ${position}\n`);
      await retention.cap('source');
    }
    await retention.copy('source', 'fork', 4);
    const source = await checkpoints.turnsFrom('source', 0);
    expect(await checkpoints.turnsFrom('fork', 0)).toEqual(source.filter((kept) => kept.position <= 4));
    expect(await retention.tooOldToRestore('fork', 0)).toBe(true);
    expect(await retention.tooOldToRestore('fork', 3)).toBe(false);

    // The source going does not take the fork's checkpoints with it.
    await retention.forgetThread('source');
    await new CheckpointCollector(git, { pruneGrace: 'now' }).collect();
    await writeFile(path.join(root, 'a.txt'), 'turn 3\nand later turns\n');
    expect(await restore.plan('fork', 3)).toMatchObject({ conflicts: [{ path: 'a.txt', overridable: true }] });
    await restore.restore('fork', 3, { overwriteConflicts: true });
    expect(execFileSync('cat', [path.join(root, 'a.txt')], { encoding: 'utf8' })).toBe('turn 0\n');
  });

  it('finds the threads with checkpoints, ids that are no ref name component included', async () => {
    const odd = 'thread with spaces/and:colons';
    await turn(odd, 0, 'a.txt', 'odd\n');
    await turn('plain', 0, 'a.txt', 'plain\n');
    const retention = new CheckpointRetention(git);
    expect(await retention.forgetThreadsNotIn(async (threadId) => threadId === 'plain')).toEqual([odd]);
    expect(refs().every((ref) => ref.startsWith('refs/baton/plain/'))).toBe(true);
  });

  it('refuses a cap below one turn', () => {
    expect(() => new CheckpointRetention(git, 0)).toThrow(/at least 1/);
  });
});
