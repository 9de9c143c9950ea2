import { describe, expect, it } from 'vitest';
import { diffRows } from './diff-rows';

const DIFF = [
  '--- a/app.ts',
  '+++ b/app.ts',
  '@@ -10,3 +10,3 @@',
  ' const a = 1;',
  '-const b = 2;',
  '+const b = 3;',
  ' const c = 4;',
  '',
].join('\n');

describe('diffRows', () => {
  it('numbers each line in the old and the new file from the hunk header', () => {
    const { rows } = diffRows(DIFF);
    expect(rows.map((row) => [row.kind, row.oldNumber, row.newNumber, row.sign, row.code])).toEqual([
      ['file', undefined, undefined, '', '--- a/app.ts'],
      ['file', undefined, undefined, '', '+++ b/app.ts'],
      ['hunk', undefined, undefined, '', '@@ -10,3 +10,3 @@'],
      ['context', 10, 10, ' ', 'const a = 1;'],
      ['removed', 11, undefined, '-', 'const b = 2;'],
      ['added', undefined, 11, '+', 'const b = 3;'],
      ['context', 12, 12, ' ', 'const c = 4;'],
    ]);
  });

  it('gives each side its own code to highlight, and each line its place in it', () => {
    const { rows, oldCode, newCode } = diffRows(DIFF);
    expect(oldCode).toBe('const a = 1;\nconst b = 2;\nconst c = 4;');
    expect(newCode).toBe('const a = 1;\nconst b = 3;\nconst c = 4;');
    expect(rows.slice(3).map((row) => row.side)).toEqual([
      { name: 'new', index: 0 },
      { name: 'old', index: 1 },
      { name: 'new', index: 1 },
      { name: 'new', index: 2 },
    ]);
  });

  it('restarts the numbers at each hunk', () => {
    const { rows } = diffRows('@@ -1 +1 @@\n-a\n+b\n@@ -40,2 +40,2 @@\n x\n-y\n+z\n');
    expect(rows.filter((row) => row.kind === 'added').map((row) => row.newNumber)).toEqual([1, 41]);
  });
});
