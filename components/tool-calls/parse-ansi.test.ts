import { describe, expect, it } from 'vitest';
import { parseAnsi } from './parse-ansi';

const ESC = '\x1b';

describe('parseAnsi', () => {
  it('leaves text without escapes as one plain run', () => {
    expect(parseAnsi('hello\nworld')).toEqual([{ text: 'hello\nworld', style: {} }]);
    expect(parseAnsi('')).toEqual([]);
  });

  it('gives coloured text its colour and resets it', () => {
    expect(parseAnsi(`ok ${ESC}[31merror${ESC}[0m done`)).toEqual([
      { text: 'ok ', style: {} },
      { text: 'error', style: { foreground: 'red' } },
      { text: ' done', style: {} },
    ]);
  });

  it('reads bright colours, backgrounds and several codes in one sequence', () => {
    expect(parseAnsi(`${ESC}[1;92;44mPASS${ESC}[m`)).toEqual([
      { text: 'PASS', style: { bold: true, foreground: 'bright-green', background: 'blue' } },
    ]);
    expect(parseAnsi(`${ESC}[101mx`)).toEqual([{ text: 'x', style: { background: 'bright-red' } }]);
  });

  it('turns single attributes off without touching the others', () => {
    expect(parseAnsi(`${ESC}[1;3;4;33ma${ESC}[22;39mb${ESC}[23;24mc`)).toEqual([
      { text: 'a', style: { bold: true, italic: true, underline: true, foreground: 'yellow' } },
      { text: 'b', style: { italic: true, underline: true } },
      { text: 'c', style: {} },
    ]);
  });

  it('maps the first 16 of 256 colours to names and skips true colour values', () => {
    expect(parseAnsi(`${ESC}[38;5;9ma${ESC}[38;5;200mb${ESC}[38;2;255;0;0;1mc`)).toEqual([
      { text: 'a', style: { foreground: 'bright-red' } },
      { text: 'b', style: {} },
      { text: 'c', style: { bold: true } },
    ]);
  });

  it('drops cursor moves, window titles and hyperlink addresses but keeps their text', () => {
    expect(parseAnsi(`a${ESC}[2Kb${ESC}[1Ac${ESC}]0;title\x07d${ESC}]8;;https://example.com${ESC}\\link${ESC}]8;;${ESC}\\`)).toEqual([
      { text: 'abcdlink', style: {} },
    ]);
  });

  it('drops an escape cut off at the end of what has streamed so far', () => {
    expect(parseAnsi(`done${ESC}[3`)).toEqual([{ text: 'done', style: {} }]);
    expect(parseAnsi(`done${ESC}`)).toEqual([{ text: 'done', style: {} }]);
  });

  it('shows only the last drawing of a line redrawn with carriage returns, in its colour', () => {
    expect(parseAnsi(`${ESC}[32m 10%\r 50%\r100%${ESC}[0m\r\nnext`)).toEqual([
      { text: '100%', style: { foreground: 'green' } },
      { text: '\nnext', style: {} },
    ]);
  });

  it('never lets markup through: angle brackets are text', () => {
    expect(parseAnsi('<script>alert(1)</script>')).toEqual([{ text: '<script>alert(1)</script>', style: {} }]);
  });
});
