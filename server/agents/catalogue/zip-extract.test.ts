import { lstat, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { agentArchiveAs, escapingZip, linkZip } from './testing/archive-fixtures';
import { extractTar } from './tar-extract';
import { extractZip } from './zip-extract';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'baton-zip-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

it('unpacks a zip with its folders and executable files', async () => {
  await extractZip(await agentArchiveAs(folder, 'tool', 'hi', 'zip'), path.join(folder, 'out'));
  const program = path.join(folder, 'out', 'bin', 'tool');
  expect((await lstat(program)).mode & 0o777).toBe(0o755);
  expect(await readFile(program, 'utf8')).toBe('#!/bin/sh\necho hi\n');
});

it('refuses a zip entry named ../ and writes nothing, inside or beside the folder', async () => {
  const archive = await escapingZip(folder, 'planted');
  const out = path.join(folder, 'deep', 'out');
  await expect(extractZip(archive, out)).rejects.toThrow(/the entry "\.\.\/planted" leaves the install folder/);
  await expect(readdir(out)).rejects.toThrow();
  await expect(lstat(path.join(folder, 'deep', 'planted'))).rejects.toThrow();
});

it('refuses a zip holding a symbolic link out of the folder', async () => {
  const archive = await linkZip(folder, '/etc/passwd');
  await expect(extractZip(archive, path.join(folder, 'out'))).rejects.toThrow(/"link" points outside the install folder \(\/etc\/passwd\)/);
  await expect(readdir(path.join(folder, 'out'))).rejects.toThrow();
});

it('keeps a zip symbolic link that stays inside', async () => {
  await extractZip(await linkZip(folder, 'sibling'), path.join(folder, 'out'));
  expect((await lstat(path.join(folder, 'out', 'link'))).isSymbolicLink()).toBe(true);
});

it('says so when the bytes are not a zip', async () => {
  await expect(extractZip(Buffer.from('not a zip at all'), path.join(folder, 'out'))).rejects.toThrow(/the zip could not be read/);
});

it('unpacks a .tar.bz2 as a tar', async () => {
  await extractTar(await agentArchiveAs(folder, 'tool', 'bz', 'tar.bz2'), path.join(folder, 'out'));
  expect((await lstat(path.join(folder, 'out', 'bin', 'tool'))).mode & 0o777).toBe(0o755);
  expect(await readFile(path.join(folder, 'out', 'bin', 'tool'), 'utf8')).toBe('#!/bin/sh\necho bz\n');
});

it('says so when a .tar.bz2 is corrupt', async () => {
  const archive = await agentArchiveAs(folder, 'tool', 'bz', 'tar.bz2');
  archive.fill(0x55, 20, 60);
  await expect(extractTar(archive, path.join(folder, 'out'))).rejects.toThrow(/could not be decompressed/);
});
