import { link, mkdir, mkdtemp, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSpecialFiles, RUNS_AS_ROOT, type SpecialFiles } from './testing/special-files-support';
import { Workspace } from './workspace';

let base: string;
let root: string;
let workspace: Workspace;
let specials: SpecialFiles;

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'baton-special-')));
  root = path.join(base, 'ws');
  await mkdir(root);
  await writeFile(path.join(root, 'notes.txt'), 'plain text\n');
  specials = await makeSpecialFiles(root);
  workspace = new Workspace(root);
});

afterEach(async () => {
  await specials.close();
  await rm(base, { recursive: true, force: true });
});

describe('a workspace that holds more than regular files', () => {
  it('makes a character device whenever it runs as root', () => {
    expect(specials.files.some((file) => file.kind === 'a character device')).toBe(RUNS_AS_ROOT);
  });

  it('refuses to read a FIFO, a socket or a device, saying what it is, instead of hanging or reading forever', async () => {
    for (const { name, kind } of specials.files) {
      await expect(workspace.readTextFile(name), name).rejects.toMatchObject({
        code: 'not-a-regular-file',
        message: `${name} is ${kind}, not a regular file; only regular files can be read or written.`,
      });
    }
  });

  it('keeps answering other reads after many reads of a FIFO (no I/O thread is left waiting on it)', async () => {
    // libuv has four I/O threads by default; a blocking open of a FIFO would hold one each.
    const refusals = await Promise.allSettled(Array.from({ length: 16 }, () => workspace.readTextFile('pipe.txt')));
    expect(refusals.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect((await workspace.readTextFile('notes.txt')).content).toBe('plain text\n');
  });

  it('refuses to replace one by a write, and leaves it as it was', async () => {
    for (const { name } of specials.files) {
      await expect(workspace.writeTextFile(name, 'x'), name).rejects.toMatchObject({ code: 'not-a-regular-file' });
      expect((await stat(path.join(root, name))).isFile(), name).toBe(false);
    }
  });

  it('leaves them out of every glob search', async () => {
    expect((await workspace.globSearch('**/*')).matches).toEqual(['notes.txt']);
  });
});

describe('a file with a hard link outside the workspace', () => {
  it('is replaced by a write: the outside file keeps its content', async () => {
    const outside = path.join(base, 'outside.txt');
    await writeFile(outside, 'outside content\n');
    await link(outside, path.join(root, 'linked.txt'));
    expect((await stat(outside)).nlink).toBe(2);

    await workspace.writeTextFile('linked.txt', 'rewritten by the agent\n');
    expect(await readFile(outside, 'utf8')).toBe('outside content\n');
    expect((await stat(outside)).nlink).toBe(1);
    expect(await readFile(path.join(root, 'linked.txt'), 'utf8')).toBe('rewritten by the agent\n');
  });

  it('keeps the permission bits of the file it replaces, and leaves no temporary file behind', async () => {
    await writeFile(path.join(root, 'run.sh'), '#!/bin/sh\n', { mode: 0o750 });
    await workspace.writeTextFile('run.sh', '#!/bin/sh\necho hi\n');
    expect((await stat(path.join(root, 'run.sh'))).mode & 0o777).toBe(0o750);
    expect((await workspace.globSearch('*.tmp')).matches).toEqual([]);
  });
});
