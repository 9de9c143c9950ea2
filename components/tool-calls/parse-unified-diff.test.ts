import { describe, expect, it } from 'vitest';
import { parseUnifiedDiff } from './parse-unified-diff';

const kinds = (diff: string) => parseUnifiedDiff(diff).map((line) => line.kind);

describe('parseUnifiedDiff', () => {
  it('tags file headers, hunk headers, context, removed and added lines', () => {
    const diff = ['--- a/notes.md', '+++ b/notes.md', '@@ -1,2 +1,2 @@', ' keep', '-old', '+new', ''].join('\n');
    expect(kinds(diff)).toEqual(['file', 'file', 'hunk', 'context', 'removed', 'added']);
  });

  it('reads a removed "-- " line inside a hunk as removed, not as a file header', () => {
    const diff = ['@@ -1,2 +1 @@', '--- a list item', '-- another', '+* a list item'].join('\n');
    expect(kinds(diff)).toEqual(['hunk', 'removed', 'removed', 'added']);
  });

  it('starts a new file after a hunk is used up', () => {
    const diff = ['@@ -1 +1 @@', '-a', '+b', '--- a/other.md', '+++ b/other.md', '@@ -0,0 +1 @@', '+c'].join('\n');
    expect(kinds(diff)).toEqual(['hunk', 'removed', 'added', 'file', 'file', 'hunk', 'added']);
  });

  it('marks "no newline at end of file" as a note and keeps each line as written', () => {
    expect(parseUnifiedDiff('@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b')).toEqual([
      { kind: 'hunk', text: '@@ -1 +1 @@' },
      { kind: 'removed', text: '-a' },
      { kind: 'note', text: '\\ No newline at end of file' },
      { kind: 'added', text: '+b' },
    ]);
  });
});
