/**
 * The kept file changes on their own: what a rewind restores, removes, and refuses, with a real
 * store and a real workspace on disk.
 */
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openThreadStore } from '../store/prisma-thread-store';
import type { ThreadStore } from '../store/thread-store';
import { Workspace } from '../workspace/workspace';
import { FileHistory } from './file-history';

let base: string;
let root: string;
let store: ThreadStore;
let workspace: Workspace;
let history: FileHistory;
let threadId: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'baton-file-history-')));
  root = path.join(base, 'ws');
  await mkdir(root);
  const dataDir = path.join(root, '.baton');
  store = await openThreadStore({ databaseFile: path.join(dataDir, 'baton.db') });
  workspace = new Workspace(root, { protectedFolders: [dataDir] });
  history = new FileHistory(store.history, workspace);
  threadId = (await store.createThread('t')).id;
});

afterEach(async () => {
  await store.close();
  await rm(base, { recursive: true, force: true });
});

const write = (position: number, file: string, content: string) =>
  history.track({ threadId, position, toolCallId: `call-${position}` }, [file], () => workspace.writeTextFile(file, content));
const read = (file: string) => readFile(path.join(root, file), 'utf8');

describe('FileHistory', () => {
  it('puts an edited file back as it was before the first change after the point', async () => {
    await writeFile(path.join(root, 'a.txt'), 'original\n');
    await write(2, 'a.txt', 'first edit\n');
    await write(5, 'a.txt', 'second edit\n');
    expect(await history.plan(threadId, 3)).toEqual({ files: [{ path: 'a.txt', action: 'restore' }], conflicts: [] });
    expect(await history.restore(threadId, 3)).toEqual({ restored: [{ path: 'a.txt', action: 'restore' }], conflicts: [] });
    expect(await read('a.txt')).toBe('first edit\n');
  });

  it('undoes several changes of one file at once, back to before the first', async () => {
    await writeFile(path.join(root, 'a.txt'), 'original\n');
    await write(2, 'a.txt', 'first edit\n');
    await write(5, 'a.txt', 'second edit\n');
    expect(await history.restore(threadId, 1)).toEqual({ restored: [{ path: 'a.txt', action: 'restore' }], conflicts: [] });
    expect(await read('a.txt')).toBe('original\n');
  });

  it('removes a file the rewound changes created, folders and all left in place', async () => {
    await write(2, 'new/created.txt', 'made by the agent\n');
    expect((await history.plan(threadId, 1)).files).toEqual([{ path: 'new/created.txt', action: 'remove' }]);
    await history.restore(threadId, 1);
    expect(existsSync(path.join(root, 'new/created.txt'))).toBe(false);
  });

  it('records nothing for a change that changed nothing', async () => {
    await writeFile(path.join(root, 'same.txt'), 'same\n');
    await write(2, 'same.txt', 'same\n');
    expect(await store.history.fileChangesAfter(threadId, 0)).toEqual([]);
  });

  it("leaves a file changed since the agent's edit, unless told to overwrite it", async () => {
    await writeFile(path.join(root, 'a.txt'), 'original\n');
    await write(2, 'a.txt', 'agent\n');
    await writeFile(path.join(root, 'a.txt'), 'the user edited this\n');
    const conflict = { path: 'a.txt', action: 'restore', overridable: true, reason: expect.stringContaining('changed after the agent') };
    expect(await history.plan(threadId, 1)).toEqual({ files: [], conflicts: [conflict] });
    expect(await history.restore(threadId, 1)).toEqual({ restored: [], conflicts: [conflict] });
    expect(await read('a.txt')).toBe('the user edited this\n');
    await history.restore(threadId, 1, { overwriteConflicts: true });
    expect(await read('a.txt')).toBe('original\n');
  });

  it('counts a file deleted since as a conflict too', async () => {
    await write(2, 'gone.txt', 'agent\n');
    await unlink(path.join(root, 'gone.txt'));
    expect((await history.plan(threadId, 1)).conflicts).toMatchObject([
      { path: 'gone.txt', reason: expect.stringContaining('was deleted') },
    ]);
  });

  it('never writes outside the workspace through a symlink swapped in since, even when told to overwrite', async () => {
    await mkdir(path.join(root, 'sub'));
    await writeFile(path.join(root, 'sub/a.txt'), 'original\n');
    await write(2, 'sub/a.txt', 'agent\n');
    const outside = path.join(base, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'a.txt'), 'not the workspace\n');
    await rm(path.join(root, 'sub'), { recursive: true });
    await symlink(outside, path.join(root, 'sub'));
    const { restored, conflicts } = await history.restore(threadId, 1, { overwriteConflicts: true });
    expect(restored).toEqual([]);
    expect(conflicts).toMatchObject([{ path: 'sub/a.txt', overridable: false, reason: expect.stringContaining('outside the workspace') }]);
    expect(await readFile(path.join(outside, 'a.txt'), 'utf8')).toBe('not the workspace\n');
  });

  it('checks a recorded path again on restore: one that leads out of the workspace is refused', async () => {
    const outside = path.join(base, 'victim.txt');
    await writeFile(outside, 'keep me\n');
    await store.history.recordFileChange({
      threadId,
      position: 2,
      path: '../victim.txt',
      existed: true,
      before: 'overwritten\n',
      kept: true,
    });
    const { conflicts } = await history.restore(threadId, 1, { overwriteConflicts: true });
    expect(conflicts).toMatchObject([{ path: '../victim.txt', overridable: false }]);
    expect(await readFile(outside, 'utf8')).toBe('keep me\n');
  });

  it('removes a created file that became a symlink as a link, never its target', async () => {
    await write(2, 'link.txt', 'agent\n');
    await writeFile(path.join(root, 'target.txt'), 'target\n');
    await unlink(path.join(root, 'link.txt'));
    await symlink(path.join(root, 'target.txt'), path.join(root, 'link.txt'));
    await history.restore(threadId, 1, { overwriteConflicts: true });
    expect(existsSync(path.join(root, 'link.txt'))).toBe(false);
    expect(await read('target.txt')).toBe('target\n');
  });

  it('says a binary file cannot be restored instead of writing it back wrong', async () => {
    await writeFile(path.join(root, 'image.bin'), Buffer.from([0, 1, 2, 3]));
    await write(2, 'image.bin', 'text now\n');
    expect(await history.restore(threadId, 1, { overwriteConflicts: true })).toMatchObject({
      restored: [],
      conflicts: [{ path: 'image.bin', overridable: false, reason: expect.stringContaining('could not keep') }],
    });
  });
});
