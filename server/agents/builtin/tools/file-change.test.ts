import { describe, expect, it } from 'vitest';
import { fileChangeDetails, moveChangeDetails } from './file-change';

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
  it('describes a rename with a git rename header and no changed lines', () => {
    expect(moveChangeDetails('a.md', 'docs/a.md')).toEqual({
      type: 'fileChange',
      path: 'docs/a.md',
      diff: 'diff --git a/a.md b/docs/a.md\nrename from a.md\nrename to docs/a.md\n',
      linesAdded: 0,
      linesRemoved: 0,
    });
  });

  it('adds the diff of a replaced file to the header', () => {
    const details = moveChangeDetails('new.md', 'old.md', { before: 'old\n', after: 'new\n' });
    expect(details).toMatchObject({ path: 'old.md', linesAdded: 1, linesRemoved: 1 });
    expect(details.diff).toMatch(/^diff --git a\/new\.md b\/old\.md\nrename from new\.md\nrename to old\.md\n--- old\.md\n\+\+\+ old\.md\n@@/);
    expect(details.diff).toContain('-old\n+new');
  });
});
