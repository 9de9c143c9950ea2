import { describe, expect, it } from 'vitest';
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';
import { fileChangeDetails, fileChangeDetailsOffLoop, moveChangeDetails, wholeReplacement } from './file-change';

describe('fileChangeDetails', () => {
  it('gives a unified diff of an edit with its counts', () => {
    const details = fileChangeDetails('src/a.ts', 'one\ntwo\nthree\n', 'one\n2\nthree\nfour\n');
    expect(details).toMatchObject({ type: 'fileChange', path: 'src/a.ts', linesAdded: 2, linesRemoved: 1 });
    expect(details.diff.split('\n').slice(0, 3)).toEqual(['--- src/a.ts', '+++ src/a.ts', '@@ -1,3 +1,4 @@']);
    expect(details.diff).toContain('-two\n+2\n three\n+four');
  });

  it('diffs a new file from /dev/null', () => {
    const details = fileChangeDetails('new.md', undefined, '# New\n\nText\n');
    expect(details).toMatchObject({ linesAdded: 3, linesRemoved: 0 });
    expect(details.diff.startsWith('--- /dev/null\n+++ new.md\n@@ -0,0 +1,3 @@')).toBe(true);
  });

  it('does not count the no-newline marker as a change', () => {
    const details = fileChangeDetails('a.txt', 'same', 'same\n');
    expect(details).toMatchObject({ linesAdded: 1, linesRemoved: 1 });
    expect(details.diff).toContain('\\ No newline at end of file');
  });
});

describe('moveChangeDetails', () => {
  it('describes a rename with a git rename header and no changed lines', async () => {
    expect(await moveChangeDetails('a.md', 'docs/a.md')).toEqual({
      type: 'fileChange',
      path: 'docs/a.md',
      diff: 'diff --git a/a.md b/docs/a.md\nrename from a.md\nrename to docs/a.md\n',
      linesAdded: 0,
      linesRemoved: 0,
    });
  });

  it('adds the diff of a replaced file to the header', async () => {
    const details = await moveChangeDetails('new.md', 'old.md', { before: 'old\n', after: 'new\n' });
    expect(details).toMatchObject({ path: 'old.md', linesAdded: 1, linesRemoved: 1 });
    expect(details.diff).toMatch(
      /^diff --git a\/new\.md b\/old\.md\nrename from new\.md\nrename to old\.md\n--- old\.md\n\+\+\+ old\.md\n@@/,
    );
    expect(details.diff).toContain('-old\n+new');
  });
});

describe('a large rewrite', () => {
  const numbered = (prefix: string, count: number) =>
    `${Array.from({ length: count }, (_, index) => `${prefix} ${index} ${'x'.repeat(index % 40)}`).join('\n')}\n`;
  const before = numbered('old line', 4000);
  const after = numbered('new row', 4000);

  it('is diffed exactly in a worker while the relay goes on answering', async () => {
    let answeredMeanwhile = false;
    setImmediate(() => (answeredMeanwhile = true));
    const details = await fileChangeDetailsOffLoop('big.txt', before, after);
    expect(answeredMeanwhile).toBe(true);
    expect(details).toMatchObject({ linesAdded: 4000, linesRemoved: 4000 });
    expect(details.diff.split('\n').slice(0, 3)).toEqual(['--- big.txt', '+++ big.txt', '@@ -1,4000 +1,4000 @@']);
  });

  it('is shown as a whole replacement where no worker can be waited for, a true diff still', () => {
    const details = fileChangeDetails('big.txt', before, after);
    expect(details).toMatchObject({ linesAdded: 4000, linesRemoved: 4000 });
    expect(details.diff).toBe(formatPatch(wholeReplacement({ oldName: 'big.txt', newName: 'big.txt' }, before, after), FILE_HEADERS_ONLY));
  });

  it('keeps a few edits in a large file as an exact diff, in place', () => {
    const edited = before.replace('old line 2000 ', 'changed line 2000 ');
    expect(fileChangeDetails('big.txt', before, edited)).toMatchObject({ linesAdded: 1, linesRemoved: 1 });
  });
});

describe('wholeReplacement', () => {
  it('is what jsdiff gives for a file whose every line changed, missing final newlines included', () => {
    for (const [before, after] of [
      ['a\nb\n', 'c\nd'],
      ['a', 'b\n'],
      ['', 'new\n'],
      ['gone\n', ''],
    ]) {
      const names = { oldName: 'f', newName: 'f' };
      expect(formatPatch(wholeReplacement(names, before!, after!), FILE_HEADERS_ONLY), JSON.stringify([before, after])).toBe(
        formatPatch(structuredPatch('f', 'f', before!, after!, undefined, undefined, { context: 3 }), FILE_HEADERS_ONLY),
      );
    }
  });
});
