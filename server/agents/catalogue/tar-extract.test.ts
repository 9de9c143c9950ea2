import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { agentArchive, linkArchive } from './testing/archive-fixtures';
import { extractTar } from './tar-extract';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'baton-tar-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

it('unpacks folders and executable files', async () => {
  await extractTar(await agentArchive(folder, 'tool', 'hi'), path.join(folder, 'out'));
  expect((await lstat(path.join(folder, 'out', 'bin', 'tool'))).mode & 0o777).toBe(0o755);
});

it('refuses a symbolic link that points outside the folder, and writes nothing', async () => {
  const archive = await linkArchive(folder, '/etc/passwd');
  await expect(extractTar(archive, path.join(folder, 'out'))).rejects.toThrow(/"link" points outside the install folder/);
  await expect(readdir(path.join(folder, 'out'))).rejects.toThrow();
});

it('keeps a symbolic link that stays inside', async () => {
  await extractTar(await linkArchive(folder, 'sibling'), path.join(folder, 'out'));
  expect((await lstat(path.join(folder, 'out', 'link'))).isSymbolicLink()).toBe(true);
});

it('refuses what is not a file, folder or link', async () => {
  const fifoTar = Buffer.alloc(1024);
  fifoTar.write('pipe', 0);
  fifoTar.write('0000644', 100);
  fifoTar.write('00000000000', 124);
  fifoTar.write('6', 156);
  await expect(extractTar(fifoTar, path.join(folder, 'out'))).rejects.toThrow(/"pipe" is not a regular file, folder or symbolic link/);
});
