/**
 * Workspace checkpoints in a shadow git repository, with the real git binary and a real
 * workspace: what a turn that wrote files itself changed goes back on rewind; what the user did
 * between turns, ignored files, Baton's data folder and the user's own repository are left alone;
 * a file too large to keep is named instead of passed over.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from '../workspace/workspace';
import { CheckpointRestore } from './checkpoint-restore';
import { ShadowGit } from './shadow-git';
import { WorkspaceCheckpoints } from './workspace-checkpoints';

const THREAD = 'thread-1';
const LIMIT = 1000;
let base: string;
let root: string;
let dataDir: string;
let checkpoints: WorkspaceCheckpoints;
let restore: CheckpointRestore;

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'baton-checkpoints-')));
  root = path.join(base, 'ws');
  dataDir = path.join(root, '.baton');
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, 'secret.txt'), 'never in a checkpoint\n');
  await writeFile(path.join(root, '.gitignore'), 'ignored.log\n');
  await writeFile(path.join(root, 'a.txt'), 'original\n');
  await writeFile(path.join(root, 'image.bin'), Buffer.from([0, 255, 1, 254, 10, 13]));
  await writeFile(path.join(root, 'big.bin'), Buffer.alloc(LIMIT + 1, 7));
  const workspace = new Workspace(root, { protectedFolders: [dataDir] });
  checkpoints = new WorkspaceCheckpoints(new ShadowGit(path.join(dataDir, 'checkpoints.git'), root, [dataDir]), LIMIT);
  restore = new CheckpointRestore(checkpoints, workspace);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const read = (file: string) => readFile(path.join(root, file), 'utf8');

/** One turn of an agent that writes files itself: checkpoints around `act`. */
async function turn(position: number, act: () => Promise<void>): Promise<void> {
  await checkpoints.take(THREAD, position, 'start');
  await act();
  await checkpoints.take(THREAD, position, 'end');
}

describe('workspace checkpoints', () => {
  it('puts back what the removed turns changed, created and deleted, binary files too', async () => {
    await turn(0, async () => {
      await writeFile(path.join(root, 'a.txt'), 'agent one\n');
      await writeFile(path.join(root, 'new.txt'), 'created\n');
      await unlink(path.join(root, 'image.bin'));
      await writeFile(path.join(root, 'ignored.log'), 'not kept\n');
    });
    await turn(3, async () => {
      await writeFile(path.join(root, 'new.txt'), 'created, then changed\n');
    });

    expect(await restore.plan(THREAD, 3)).toEqual({ files: [{ path: 'new.txt', action: 'restore' }], conflicts: [] });
    const plan = await restore.plan(THREAD, 0);
    expect(plan.conflicts).toEqual([]);
    expect(plan.files).toEqual(
      expect.arrayContaining([
        { path: 'a.txt', action: 'restore' },
        { path: 'new.txt', action: 'remove' },
        { path: 'image.bin', action: 'restore' },
      ]),
    );
    expect(plan.files).toHaveLength(3);

    expect((await restore.restore(THREAD, 0)).conflicts).toEqual([]);
    expect(await read('a.txt')).toBe('original\n');
    expect(existsSync(path.join(root, 'new.txt'))).toBe(false);
    expect([...(await readFile(path.join(root, 'image.bin')))]).toEqual([0, 255, 1, 254, 10, 13]);
    // Ignored by .gitignore: never kept, never touched.
    expect(await read('ignored.log')).toBe('not kept\n');
  });

  it('leaves what the user changed between turns, and a file changed since the turn unless told to overwrite it', async () => {
    await writeFile(path.join(root, 'b.txt'), 'b\n');
    await turn(0, () => writeFile(path.join(root, 'a.txt'), 'agent\n'));
    await writeFile(path.join(root, 'b.txt'), 'the user, between turns\n');
    await turn(2, () => writeFile(path.join(root, 'c.txt'), 'agent again\n'));
    await writeFile(path.join(root, 'a.txt'), 'the user, after the agent\n');

    const conflict = {
      path: 'a.txt',
      action: 'restore',
      overridable: true,
      reason: expect.stringContaining("changed after the agent's turn"),
    };
    expect(await restore.plan(THREAD, 0)).toEqual({ files: [{ path: 'c.txt', action: 'remove' }], conflicts: [conflict] });
    expect(await restore.restore(THREAD, 0)).toEqual({ restored: [{ path: 'c.txt', action: 'remove' }], conflicts: [conflict] });
    expect(await read('a.txt')).toBe('the user, after the agent\n');
    expect(await read('b.txt')).toBe('the user, between turns\n');
    await restore.restore(THREAD, 0, { overwriteConflicts: true });
    expect(await read('a.txt')).toBe('original\n');
  });

  it('names a file too large to keep that a turn changed, rather than pass over it', async () => {
    await turn(0, () => writeFile(path.join(root, 'big.bin'), Buffer.alloc(LIMIT + 50, 8)));
    expect(await restore.plan(THREAD, 0)).toEqual({
      files: [],
      conflicts: [{ path: 'big.bin', action: 'restore', overridable: false, reason: expect.stringContaining('too large') }],
    });
  });

  it('leaves out a large file by its exact name, and a kept file that grew over the limit since', async () => {
    const filesIn = (commit: string) =>
      execFileSync('git', ['--git-dir', checkpoints.git.gitDir, 'ls-tree', '-r', '--name-only', commit], { encoding: 'utf8' }).split('\n');
    // A name that is also a pattern: read as one, it would leave out `b.bin` as well.
    await writeFile(path.join(root, '[big]*.bin'), Buffer.alloc(LIMIT + 1, 1));
    await writeFile(path.join(root, 'b.bin'), 'small\n');
    const first = await checkpoints.take(THREAD, 0, 'start');
    expect(filesIn(first.commit)).toEqual(expect.arrayContaining(['a.txt', 'b.bin']));
    expect(filesIn(first.commit)).not.toContain('[big]*.bin');
    expect(first.skipped.map((file) => file.path).sort()).toEqual(['[big]*.bin', 'big.bin']);

    await writeFile(path.join(root, 'a.txt'), Buffer.alloc(LIMIT + 10, 2));
    const next = await checkpoints.take(THREAD, 0, 'end');
    expect(filesIn(next.commit)).not.toContain('a.txt');
    expect(next.skipped.map((file) => file.path).sort()).toEqual(['[big]*.bin', 'a.txt', 'big.bin']);
  });

  it('takes a turn cut off before its end checkpoint to end now', async () => {
    await checkpoints.take(THREAD, 0, 'start');
    await writeFile(path.join(root, 'a.txt'), 'agent, then the relay stopped\n');
    expect(await restore.plan(THREAD, 0)).toEqual({ files: [{ path: 'a.txt', action: 'restore' }], conflicts: [] });
    await restore.restore(THREAD, 0);
    expect(await read('a.txt')).toBe('original\n');
  });

  it('forgets the removed turns, so a later rewind finds nothing of them', async () => {
    await turn(0, () => writeFile(path.join(root, 'a.txt'), 'agent\n'));
    await checkpoints.forget(THREAD, 0);
    expect(await restore.plan(THREAD, 0)).toEqual({ files: [], conflicts: [] });
    expect(await checkpoints.turnsFrom(THREAD, 0)).toEqual([]);
  });

  it('never writes outside the workspace through a symlink swapped in since, even when told to overwrite', async () => {
    await mkdir(path.join(root, 'sub'));
    await writeFile(path.join(root, 'sub/a.txt'), 'original\n');
    await turn(0, () => writeFile(path.join(root, 'sub/a.txt'), 'agent\n'));
    const outside = path.join(base, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'a.txt'), 'not the workspace\n');
    await rm(path.join(root, 'sub'), { recursive: true });
    await symlink(outside, path.join(root, 'sub'));
    const { restored, conflicts } = await restore.restore(THREAD, 0, { overwriteConflicts: true });
    expect(restored).toEqual([]);
    expect(conflicts).toMatchObject([{ path: 'sub/a.txt', overridable: false }]);
    expect(await readFile(path.join(outside, 'a.txt'), 'utf8')).toBe('not the workspace\n');
  });

  it("keeps out Baton's data folder, and leaves the user's own repository as it was", async () => {
    execFileSync('git', ['init', '--quiet', root]);
    const { commit } = await checkpoints.take(THREAD, 0, 'start');
    const files = execFileSync('git', ['--git-dir', checkpoints.git.gitDir, 'ls-tree', '-r', '--name-only', commit], {
      encoding: 'utf8',
    }).split('\n');
    expect(files).toEqual(expect.arrayContaining(['.gitignore', 'a.txt', 'image.bin']));
    expect(files.some((file) => file.startsWith('.baton') || file.startsWith('.git/'))).toBe(false);
    expect(files).not.toContain('big.bin');
    // The user's repository has no index yet (nothing was ever added there) and no Baton refs.
    expect(existsSync(path.join(root, '.git', 'index'))).toBe(false);
    expect(execFileSync('git', ['-C', root, 'for-each-ref'], { encoding: 'utf8' })).toBe('');
  });
});
