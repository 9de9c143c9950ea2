/**
 * The file panel's reads (readTextFile by pages, readBinaryPage, listDirectory, globSearch with
 * .gitignore), each against hostile paths too: `..`, absolute paths elsewhere, a prefix-sibling
 * folder, a symlink out, a NUL byte, a FIFO, and Baton's data folder inside the workspace.
 */
import { appendFile, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSpecialFiles, type SpecialFiles } from './testing/special-files-support';
import { MAX_BINARY_PAGE_BYTES, MAX_DIRECTORY_ENTRIES, MAX_TEXT_FILE_BYTES, Workspace } from './workspace';

let base: string;
let root: string;
let dataDir: string;
let workspace: Workspace;
let specials: SpecialFiles;

/** Line n (from 0) reads `line n` padded to a varying length, so that pages cross chunk and index boundaries unevenly. */
function numberedLines(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `line ${index} ${'x'.repeat(index % 97)}\n`);
}

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'baton-workspace-files-')));
  root = path.join(base, 'ws');
  dataDir = path.join(root, '.baton');
  await mkdir(path.join(root, 'src'), { recursive: true });
  await mkdir(dataDir, { recursive: true });
  await mkdir(path.join(base, 'ws-sibling'));
  await writeFile(path.join(base, 'ws-sibling', 'secret.txt'), 'sibling secret\n');
  await writeFile(path.join(base, 'outside.txt'), 'outside secret\n');
  await writeFile(path.join(dataDir, 'config.json'), '{"secret": true}\n');
  await writeFile(path.join(root, 'src', 'index.ts'), 'export {};\n');
  specials = await makeSpecialFiles(root);
  workspace = new Workspace(root, { protectedFolders: [dataDir] });
});

afterEach(async () => {
  await specials.close();
  await rm(base, { recursive: true, force: true });
});

const hostilePaths = () => [
  { path: '../outside.txt', code: 'outside-workspace' },
  { path: path.join(base, 'outside.txt'), code: 'outside-workspace' },
  { path: path.join(base, 'ws-sibling', 'secret.txt'), code: 'outside-workspace' },
  { path: '../ws-sibling/secret.txt', code: 'outside-workspace' },
  { path: 'out-link.txt', code: 'outside-workspace' },
  { path: 'src/index.ts\0.png', code: 'invalid-path' },
  { path: '.baton/config.json', code: 'protected-path' },
  { path: 'data-link/config.json', code: 'protected-path' },
];

async function makeHostileLinks(): Promise<void> {
  await symlink(path.join(base, 'outside.txt'), path.join(root, 'out-link.txt'));
  await symlink(dataDir, path.join(root, 'data-link'));
}

describe('readTextFile of a file larger than one read', () => {
  const lines = numberedLines(40_000);
  const text = lines.join('');

  beforeEach(async () => {
    await writeFile(path.join(root, 'big.log'), text);
  });

  it('is bigger than one whole read, so these pages come through the line index', () => {
    expect(Buffer.byteLength(text)).toBeGreaterThan(MAX_TEXT_FILE_BYTES);
  });

  it('answers any page of lines, each with its line endings, and the line count and size', async () => {
    for (const [lineOffset, lineLimit] of [
      [0, 50],
      [255, 3],
      [256, 1],
      [1000, 513],
      [39_990, 50],
      [12_345, 1],
    ] as const) {
      const page = await workspace.readTextFile('big.log', { lineOffset, lineLimit });
      expect(page.content, `${lineOffset}+${lineLimit}`).toBe(lines.slice(lineOffset, lineOffset + lineLimit).join(''));
      expect(page).toMatchObject({ lineCount: 40_000, size: Buffer.byteLength(text) });
    }
    expect((await workspace.readTextFile('big.log', { lineOffset: 40_000, lineLimit: 10 })).content).toBe('');
  });

  it('refuses the whole file at once, saying how to read it by pages', async () => {
    await expect(workspace.readTextFile('big.log')).rejects.toMatchObject({
      code: 'file-too-large',
      message: expect.stringContaining('Read it by pages with lineOffset and lineLimit'),
    });
  });

  it('gives a new version, line count and content once the file changes', async () => {
    const before = await workspace.readTextFile('big.log', { lineOffset: 39_999, lineLimit: 5 });
    await appendFile(path.join(root, 'big.log'), 'one more line');
    const after = await workspace.readTextFile('big.log', { lineOffset: 39_999, lineLimit: 5 });
    expect(after.version).not.toBe(before.version);
    expect(after.lineCount).toBe(40_001);
    expect(after.content).toBe(`${lines.at(-1)}one more line`);
  });

  it('refuses a page whose lines are not text, and one too long to answer', async () => {
    await writeFile(path.join(root, 'binary.log'), `${text}\0\n`);
    await expect(workspace.readTextFile('binary.log', { lineOffset: 40_000, lineLimit: 1 })).rejects.toMatchObject({ code: 'binary-file' });
    await writeFile(path.join(root, 'one-line.log'), 'y'.repeat(MAX_TEXT_FILE_BYTES + 10));
    await expect(workspace.readTextFile('one-line.log', { lineLimit: 1 })).rejects.toMatchObject({
      code: 'file-too-large',
      message: expect.stringContaining('ask for fewer lines'),
    });
  });
});

describe('readTextFile of a small file', () => {
  it('says how many lines the whole file has, a last line without a newline included', async () => {
    await writeFile(path.join(root, 'short.txt'), 'a\nb\nc');
    expect(await workspace.readTextFile('short.txt', { lineOffset: 1, lineLimit: 1 })).toMatchObject({
      content: 'b\n',
      lineCount: 3,
      size: 5,
    });
  });

  it('refuses hostile paths and special files with clear errors', async () => {
    await makeHostileLinks();
    for (const hostile of hostilePaths()) {
      await expect(workspace.readTextFile(hostile.path), hostile.path).rejects.toMatchObject({ code: hostile.code });
    }
    await expect(workspace.readTextFile('pipe.txt')).rejects.toMatchObject({
      code: 'not-a-regular-file',
      message: expect.stringContaining('FIFO'),
    });
  });
});

describe('readBinaryPage', () => {
  const bytes = Buffer.from(Array.from({ length: 3000 }, (_, index) => (index * 7) % 256));

  beforeEach(async () => {
    await writeFile(path.join(root, 'blob.bin'), bytes);
  });

  it('answers the bytes asked for, and the whole size', async () => {
    expect(await workspace.readBinaryPage('blob.bin', { byteOffset: 100, byteLimit: 50 })).toMatchObject({
      bytes: bytes.subarray(100, 150),
      size: 3000,
    });
    expect((await workspace.readBinaryPage('blob.bin')).bytes).toEqual(bytes);
    expect((await workspace.readBinaryPage('blob.bin', { byteOffset: 2990, byteLimit: 50 })).bytes).toEqual(bytes.subarray(2990));
    expect((await workspace.readBinaryPage('blob.bin', { byteOffset: 5000 })).bytes).toHaveLength(0);
  });

  it('has the version a text read of the same file has', async () => {
    await writeFile(path.join(root, 'text.txt'), 'same file\n');
    expect((await workspace.readBinaryPage('text.txt')).version).toBe((await workspace.readTextFile('text.txt')).version);
  });

  it('refuses more than one page at once', async () => {
    await writeFile(path.join(root, 'large.bin'), Buffer.alloc(MAX_BINARY_PAGE_BYTES + 1));
    await expect(workspace.readBinaryPage('large.bin')).rejects.toMatchObject({
      code: 'file-too-large',
      message: expect.stringContaining('byteLimit'),
    });
    expect((await workspace.readBinaryPage('large.bin', { byteOffset: 1 })).bytes).toHaveLength(MAX_BINARY_PAGE_BYTES);
  });

  it('refuses hostile paths and special files', async () => {
    await makeHostileLinks();
    for (const hostile of hostilePaths()) {
      await expect(workspace.readBinaryPage(hostile.path), hostile.path).rejects.toMatchObject({ code: hostile.code });
    }
    for (const special of specials.files) {
      await expect(workspace.readBinaryPage(special.name), special.name).rejects.toMatchObject({ code: 'not-a-regular-file' });
    }
  });
});

describe('listDirectory', () => {
  it('lists one folder with kinds, sizes and link targets, and never the data folder', async () => {
    await makeHostileLinks();
    await symlink(path.join(root, 'src'), path.join(root, 'src-link'));
    await symlink(path.join(root, 'src', 'index.ts'), path.join(root, 'index-link.ts'));
    const listing = await workspace.listDirectory('.');
    expect(listing.truncated).toBe(false);
    const byName = Object.fromEntries(listing.entries.map((entry) => [entry.name, entry]));
    expect(Object.keys(byName)).not.toContain('.baton');
    expect(byName.src).toEqual({ name: 'src', kind: 'directory' });
    expect(byName['pipe.txt']).toEqual({ name: 'pipe.txt', kind: 'other' });
    expect(byName['src-link']).toEqual({ name: 'src-link', kind: 'symlink', target: 'directory' });
    expect(byName['index-link.ts']).toEqual({ name: 'index-link.ts', kind: 'symlink', target: 'file' });
    // Links out of the workspace or into the data folder are listed, but as nothing to open.
    expect(byName['out-link.txt']).toEqual({ name: 'out-link.txt', kind: 'symlink' });
    expect(byName['data-link']).toEqual({ name: 'data-link', kind: 'symlink' });
    expect((await workspace.listDirectory('src')).entries).toEqual([{ name: 'index.ts', kind: 'file', size: 11 }]);
  });

  it('refuses hostile folders, the data folder and files', async () => {
    await makeHostileLinks();
    await symlink(path.join(base, 'ws-sibling'), path.join(root, 'sibling-link'));
    for (const [folder, code] of [
      ['..', 'outside-workspace'],
      [base, 'outside-workspace'],
      [path.join(base, 'ws-sibling'), 'outside-workspace'],
      ['sibling-link', 'outside-workspace'],
      ['src\0', 'invalid-path'],
      ['.baton', 'protected-path'],
      ['data-link', 'protected-path'],
      ['src/index.ts', 'not-a-folder'],
      ['missing', 'not-found'],
    ] as const) {
      await expect(workspace.listDirectory(folder), folder).rejects.toMatchObject({ code });
    }
  });

  it('leaves out what .gitignore ignores when asked, nested rules and negations included', async () => {
    await mkdir(path.join(root, 'build'));
    await mkdir(path.join(root, '.git'));
    await writeFile(path.join(root, '.gitignore'), 'build/\n*.log\n!keep.log\n');
    await writeFile(path.join(root, 'src', '.gitignore'), 'generated.ts\n');
    await writeFile(path.join(root, 'src', 'generated.ts'), '');
    await writeFile(path.join(root, 'debug.log'), '');
    await writeFile(path.join(root, 'keep.log'), '');
    const names = async (folder: string, gitignore: boolean) =>
      (await workspace.listDirectory(folder, { gitignore })).entries.map((entry) => entry.name);
    expect(await names('.', true)).toEqual(expect.arrayContaining(['.gitignore', 'keep.log', 'src']));
    expect(await names('.', true)).not.toEqual(expect.arrayContaining(['build']));
    expect((await names('.', true)).filter((name) => ['build', 'debug.log', '.git'].includes(name))).toEqual([]);
    expect(await names('src', true)).toEqual(['.gitignore', 'index.ts']);
    expect(await names('.', false)).toEqual(expect.arrayContaining(['build', 'debug.log', '.git']));
  });

  it('stops at its cap and says so', async () => {
    await mkdir(path.join(root, 'many'));
    await Promise.all(Array.from({ length: MAX_DIRECTORY_ENTRIES + 3 }, (_, index) => writeFile(path.join(root, 'many', `f${index}`), '')));
    const listing = await workspace.listDirectory('many');
    expect(listing.entries).toHaveLength(MAX_DIRECTORY_ENTRIES);
    expect(listing.truncated).toBe(true);
  });
});

describe('globSearch for the file panel', () => {
  beforeEach(async () => {
    await mkdir(path.join(root, 'dist'));
    await writeFile(path.join(root, 'dist', 'bundle.js'), '');
    await writeFile(path.join(root, 'README.md'), '');
    await writeFile(path.join(root, '.gitignore'), 'dist\n');
  });

  it('leaves out ignored files with gitignore, and never the data folder', async () => {
    expect((await workspace.globSearch('**/*.{js,ts,json}', { gitignore: true })).matches).toEqual(['src/index.ts']);
    expect((await workspace.globSearch('**/*.{js,ts,json}')).matches).toEqual(['dist/bundle.js', 'src/index.ts']);
    await makeHostileLinks();
    expect((await workspace.globSearch('**/config.json')).matches).toEqual([]);
  });

  it('matches either case when asked, and stops at the limit given', async () => {
    expect((await workspace.globSearch('**/*readme*', { ignoreCase: true })).matches).toEqual(['README.md']);
    expect((await workspace.globSearch('**/*readme*')).matches).toEqual([]);
    const limited = await workspace.globSearch('**/*', { maxMatches: 2 });
    expect(limited).toMatchObject({ truncated: true });
    expect(limited.matches).toHaveLength(2);
  });
});
