import { describe, expect, it } from 'vitest';
import { MAX_BINARY_PAGE_BYTES } from '../lib/protocol/workspace-files';
import { createBatonStore } from './baton-store';
import { scriptedRelay, WireError } from './testing/fake-baton-rpc';
import { FILE_PAGE_LINES } from './file-view';
import { quickOpenPattern } from './files-slice';

const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');

describe('the file panel store', () => {
  it('lists a folder only when it is first expanded, and hides it again without asking', async () => {
    const rpc = scriptedRelay({
      listDirectory: ({ path }) => ({
        entries:
          path === '.'
            ? [
                { name: 'b.txt', kind: 'file', size: 1 },
                { name: 'src', kind: 'directory' },
              ]
            : [{ name: 'main.ts', kind: 'file' }],
        truncated: false,
      }),
    });
    const store = createBatonStore(rpc);
    await store.getState().refreshFiles();
    expect(rpc.requests.filter((request) => request.method === 'listDirectory')).toHaveLength(1);
    await store.getState().toggleFolder('src');
    expect(store.getState().folders.get('src')).toMatchObject({ entries: [{ name: 'main.ts' }] });
    await store.getState().toggleFolder('src');
    await store.getState().toggleFolder('src');
    expect(rpc.requests.filter((request) => request.method === 'listDirectory').map((request) => request.params)).toEqual([
      { path: '.', gitignore: true },
      { path: 'src', gitignore: true },
    ]);
  });

  it('keeps the newest listing of a folder when an older one is answered after it', async () => {
    const answers: Array<(names: string[]) => void> = [];
    const rpc = scriptedRelay({
      listDirectory: () =>
        new Promise((resolve) => {
          answers.push((names) => resolve({ entries: names.map((name) => ({ name, kind: 'file' })), truncated: false }));
        }),
    });
    const store = createBatonStore(rpc);
    const onConnecting = store.getState().refreshFiles();
    const onRefresh = store.getState().refreshFiles();
    const [listedFirst, listedThen] = answers;
    listedThen!(['a.txt', 'new.txt']);
    await onRefresh;
    listedFirst!(['a.txt']);
    await onConnecting;
    expect(store.getState().folders.get('.')).toMatchObject({ status: 'loaded', entries: [{ name: 'a.txt' }, { name: 'new.txt' }] });
  });

  it('shows a folder that cannot be listed as its own error', async () => {
    const store = createBatonStore(scriptedRelay({ listDirectory: () => Promise.reject(new WireError(-32003, 'no such folder')) }));
    await store.getState().toggleFolder('gone');
    expect(store.getState().folders.get('gone')).toEqual({ status: 'failed', error: 'Could not list gone: no such folder' });
  });

  it('opens a text file at its first page and pages on', async () => {
    const rpc = scriptedRelay({
      readBinaryFile: () => ({ version: 7, content: base64('line 1\nline 2\n'), size: 5_000_000 }),
      readTextFile: ({ lineOffset = 0 }) => ({ version: 7, content: `line ${lineOffset + 1}\n`, lineCount: 100_000, size: 5_000_000 }),
    });
    const store = createBatonStore(rpc);
    await store.getState().openFile('big.log');
    expect(store.getState().fileView).toMatchObject({ kind: 'text', lineOffset: 0, content: 'line 1\n', lineCount: 100_000 });
    await store.getState().showFilePage(FILE_PAGE_LINES);
    expect(store.getState().fileView).toMatchObject({
      kind: 'text',
      lineOffset: FILE_PAGE_LINES,
      content: `line ${FILE_PAGE_LINES + 1}\n`,
    });
  });

  it('previews a picture from its bytes, read a page at a time', async () => {
    const size = MAX_BINARY_PAGE_BYTES + 10;
    const rpc = scriptedRelay({
      readBinaryFile: ({ byteOffset = 0, byteLimit = size }) => ({
        version: 1,
        content: base64(new Uint8Array(Math.min(byteLimit, size - byteOffset))),
        size,
      }),
    });
    const store = createBatonStore(rpc);
    await store.getState().openFile('photo.PNG');
    const view = store.getState().fileView;
    expect(view).toMatchObject({ kind: 'image', mimeType: 'image/png', size, url: expect.stringMatching(/^blob:/) });
    expect(rpc.requests.filter((request) => request.method === 'readBinaryFile')).toHaveLength(3);
  });

  it('describes a binary file instead of refusing it', async () => {
    const store = createBatonStore(
      scriptedRelay({
        readBinaryFile: () => ({ version: 1, content: base64(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 1])), size: 2048 }),
      }),
    );
    await store.getState().openFile('manual.bin');
    expect(store.getState().fileView).toMatchObject({
      kind: 'binary',
      description: 'PDF document, 2.0 KB',
      hex: expect.stringContaining('25 50 44 46 00 01'),
    });
  });

  it('shows why a file cannot be read in the viewer', async () => {
    const store = createBatonStore(
      scriptedRelay({ readBinaryFile: () => Promise.reject(new WireError(-32004, 'The path ../x is outside the workspace')) }),
    );
    await store.getState().openFile('../x');
    expect(store.getState().fileView).toEqual({
      kind: 'failed',
      path: '../x',
      error: 'Could not read ../x: The path ../x is outside the workspace',
    });
  });

  it('searches paths in any case for quick-open, with what is typed as literal text', async () => {
    const rpc = scriptedRelay({ globSearch: () => ({ matches: ['README.md'], truncated: false }) });
    const store = createBatonStore(rpc);
    expect(await store.getState().findFiles('readme')).toEqual({ matches: ['README.md'], truncated: false });
    expect(rpc.requests.at(-1)?.params).toEqual({ pattern: '**/*readme*', ignoreCase: true, limit: 50 });
    expect(quickOpenPattern(' a*{b}? ')).toBe('**/*ab*');
  });
});
