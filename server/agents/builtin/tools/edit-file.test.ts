import { describe, expect, it } from 'vitest';
import { ToolInputError } from './builtin-tool';
import { replaceExactlyOnce } from './edit-file';

describe('replaceExactlyOnce', () => {
  it('replaces the single occurrence, keeping replacement patterns literal', () => {
    expect(replaceExactlyOnce('a = 1;\nb = 2;\n', 'b = 2;', 'b = "$&$1";', 'x.ts')).toBe('a = 1;\nb = "$&$1";\n');
  });

  it('refuses text that is missing', () => {
    expect(() => replaceExactlyOnce('abc', 'abd', 'x', 'x.ts')).toThrow(ToolInputError);
    expect(() => replaceExactlyOnce('abc', 'abd', 'x', 'x.ts')).toThrow('old_text was not found in x.ts');
  });

  it('refuses text that occurs more than once, overlapping matches included', () => {
    expect(() => replaceExactlyOnce('x\nx\n', 'x', 'y', 'a.md')).toThrow('old_text occurs 2 times in a.md');
    expect(() => replaceExactlyOnce('aaa', 'aa', 'b', 'a.md')).toThrow('occurs 2 times');
  });
});
