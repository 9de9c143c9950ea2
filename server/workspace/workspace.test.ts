import { mkdir, mkdtemp, readFile, realpath, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileVersion, MAX_GLOB_MATCHES, MAX_TEXT_FILE_BYTES, Workspace } from './workspace';
import { WorkspacePathError } from './workspace-error';

let base: string;
let root: string;
let workspace: Workspace;

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'baton-workspace-')));
  root = path.join(base, 'ws');
  await mkdir(path.join(root, 'src', 'nested'), { recursive: true });
  await mkdir(path.join(root, 'node_modules', 'pkg'), { recursive: true });
  await mkdir(path.join(root, '.git'), { recursive: true });
  await writeFile(path.join(root, 'README.md'), 'line 1\nline 2\nline 3\nline 4\n');
  await writeFile(path.join(root, 'src', 'index.ts'), 'export {};\n');
  await writeFile(path.join(root, 'src', 'nested', 'deep.ts'), 'export const deep = 1;\n');
  await writeFile(path.join(root, 'src', 'page.tsx'), '<div />\n');
  await writeFile(path.join(root, 'node_modules', 'pkg', 'index.ts'), '');
  await writeFile(path.join(root, '.git', 'HEAD.ts'), '');
  workspace = new Workspace(root);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('Workspace.readTextFile', () => {
  it('reads a whole file with a version derived from its metadata', async () => {
    const file = await workspace.readTextFile('README.md');
    expect(file.content).toBe('line 1\nline 2\nline 3\nline 4\n');
    expect(file.version).toBe(fileVersion(await stat(path.join(root, 'README.md'), { bigint: true })));
    expect(Number.isSafeInteger(file.version)).toBe(true);
  });

  it('reads a range of lines: lineOffset lines skipped, at most lineLimit returned', async () => {
    expect((await workspace.readTextFile('README.md', { lineOffset: 1, lineLimit: 2 })).content).toBe('line 2\nline 3\n');
    expect((await workspace.readTextFile('README.md', { lineOffset: 3 })).content).toBe('line 4\n');
    expect((await workspace.readTextFile('README.md', { lineLimit: 1 })).content).toBe('line 1\n');
    expect((await workspace.readTextFile('README.md', { lineOffset: 10 })).content).toBe('');
  });

  it('changes the version when the file changes', async () => {
    const before = await workspace.readTextFile('README.md');
    await writeFile(path.join(root, 'README.md'), 'changed\n');
    await utimes(path.join(root, 'README.md'), new Date(), new Date(Date.now() + 5000));
    expect((await workspace.readTextFile('README.md')).version).not.toBe(before.version);
  });

  it('refuses binary files, large files, folders and missing files with clear errors', async () => {
    await writeFile(path.join(root, 'image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    await writeFile(path.join(root, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    await writeFile(path.join(root, 'big.txt'), 'x'.repeat(MAX_TEXT_FILE_BYTES + 1));
    await expect(workspace.readTextFile('image.png')).rejects.toMatchObject({ code: 'binary-file' });
    await expect(workspace.readTextFile('latin1.txt')).rejects.toMatchObject({ code: 'binary-file' });
    await expect(workspace.readTextFile('big.txt')).rejects.toMatchObject({
      code: 'file-too-large',
      message: expect.stringContaining('limited to 1048576 bytes'),
    });
    await expect(workspace.readTextFile('src')).rejects.toMatchObject({ code: 'is-directory' });
    await expect(workspace.readTextFile('missing.md')).rejects.toMatchObject({
      code: 'not-found',
      message: 'The file missing.md does not exist.',
    });
  });

  it('refuses reads that leave the workspace', async () => {
    await writeFile(path.join(base, 'outside.txt'), 'secret');
    await symlink(path.join(base, 'outside.txt'), path.join(root, 'link.txt'));
    await expect(workspace.readTextFile('../outside.txt')).rejects.toBeInstanceOf(WorkspacePathError);
    await expect(workspace.readTextFile('link.txt')).rejects.toMatchObject({ code: 'outside-workspace' });
  });
});

describe('Workspace.stat', () => {
  it('tells files, folders and missing paths apart', async () => {
    expect(await workspace.stat('README.md')).toEqual({ exists: true, isDirectory: false });
    expect(await workspace.stat('src')).toEqual({ exists: true, isDirectory: true });
    expect(await workspace.stat('nothing/here')).toEqual({ exists: false, isDirectory: false });
    await expect(workspace.stat('/etc')).rejects.toMatchObject({ code: 'outside-workspace' });
  });
});

describe('Workspace.writeTextFile', () => {
  it('creates files and missing parent folders, and returns the new version', async () => {
    const { version } = await workspace.writeTextFile('docs/new/notes.md', 'hello\n');
    expect(await readFile(path.join(root, 'docs', 'new', 'notes.md'), 'utf8')).toBe('hello\n');
    expect(version).toBe((await workspace.readTextFile('docs/new/notes.md')).version);
  });

  it('refuses writes through a symlinked folder that points outside', async () => {
    await mkdir(path.join(base, 'elsewhere'));
    await symlink(path.join(base, 'elsewhere'), path.join(root, 'escape'));
    await expect(workspace.writeTextFile('escape/planted.txt', 'x')).rejects.toMatchObject({
      code: 'outside-workspace',
    });
    await expect(stat(path.join(base, 'elsewhere', 'planted.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses to replace a folder', async () => {
    await expect(workspace.writeTextFile('src', 'x')).rejects.toMatchObject({ code: 'is-directory' });
  });
});

describe('Workspace.globSearch', () => {
  it('finds files with workspace-relative paths, skipping ignored folders', async () => {
    expect((await workspace.globSearch('**/*.ts')).matches).toEqual(['src/index.ts', 'src/nested/deep.ts']);
    expect((await workspace.globSearch('src/*.{ts,tsx}')).matches).toEqual(['src/index.ts', 'src/page.tsx']);
    expect((await workspace.globSearch('*.md')).matches).toEqual(['README.md']);
    expect((await workspace.globSearch('src/nested/dee?.ts')).matches).toEqual(['src/nested/deep.ts']);
    expect((await workspace.globSearch('missing/**')).matches).toEqual([]);
  });

  it('does not follow a symlinked folder out of the workspace', async () => {
    await mkdir(path.join(base, 'elsewhere'));
    await writeFile(path.join(base, 'elsewhere', 'leak.ts'), '');
    await symlink(path.join(base, 'elsewhere'), path.join(root, 'escape'));
    await symlink(path.join(base, 'elsewhere', 'leak.ts'), path.join(root, 'file-link.ts'));
    await symlink(path.join(root, 'src', 'index.ts'), path.join(root, 'inside-link.ts'));
    expect((await workspace.globSearch('**/leak.ts')).matches).toEqual([]);
    expect((await workspace.globSearch('*')).matches).toEqual(['README.md', 'inside-link.ts']);
    await expect(workspace.globSearch('escape/*.ts')).rejects.toMatchObject({ code: 'outside-workspace' });
  });

  it('answers a pattern that would make a regular expression backtrack for ever, with the right files', async () => {
    const name = `${'a'.repeat(44)}.txt`;
    await writeFile(path.join(root, name), '');
    await writeFile(path.join(root, `${'a'.repeat(20)}b.txt`), '');
    expect((await workspace.globSearch(`${'*a'.repeat(30)}*b*`)).matches).toEqual([]);
    expect((await workspace.globSearch(`${'*a'.repeat(20)}*b*`)).matches).toEqual([`${'a'.repeat(20)}b.txt`]);
    expect((await workspace.globSearch(`${'*a'.repeat(44)}.txt`)).matches).toEqual([name]);
  });

  it('stops at the match cap and says so', async () => {
    await mkdir(path.join(root, 'many'));
    await Promise.all(
      Array.from({ length: MAX_GLOB_MATCHES + 5 }, (_, index) => writeFile(path.join(root, 'many', `file-${index}.txt`), '')),
    );
    const result = await workspace.globSearch('many/*.txt');
    expect(result.matches).toHaveLength(MAX_GLOB_MATCHES);
    expect(result.truncated).toBe(true);
  });
});
