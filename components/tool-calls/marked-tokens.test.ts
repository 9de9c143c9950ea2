import { describe, expect, it } from 'vitest';
import { markTokens } from './marked-tokens';

const shown = (line: string, contents: string[]) =>
  markTokens(
    line,
    contents.map((content) => ({ content })),
  )?.map(({ pieces }) => pieces.map((piece) => (piece.kind === 'text' ? piece.text : `[${piece.label}]`)).join(''));

describe('markTokens', () => {
  it('keeps each token’s text when nothing hides', () => {
    expect(shown('const a = 1;', ['const', ' a', ' = ', '1', ';'])).toEqual(['const', ' a', ' = ', '1', ';']);
  });

  it('marks a run of spaces split across two tokens once, in the token where it starts', () => {
    expect(shown(`safe${' '.repeat(6)}PAYLOAD`, ['safe   ', '   PAYLOAD'])).toEqual(['safe[␣×6]', 'PAYLOAD']);
  });

  it('replaces an invisible character inside a token with its marker', () => {
    expect(shown('"user\u202e admin"', ['"user\u202e admin"'])).toEqual(['"user[⟨U+202E⟩] admin"']);
  });

  it('gives up when the tokens do not spell the line', () => {
    expect(shown('abc', ['ab'])).toBeUndefined();
  });
});
