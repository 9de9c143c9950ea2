/**
 * Splits a command's output into runs of text with the look its ANSI escape sequences gave them
 * (ECMA-48 "Select Graphic Rendition": https://ecma-international.org/publications-and-standards/standards/ecma-48/).
 * Only the sixteen named colours and the text attributes are kept, since those are what a page can
 * show with a class each; other sequences (cursor moves, titles, hyperlinks' addresses, 256-colour
 * and true-colour values) are dropped, and their text, if any, stays. A carriage return that is not
 * part of a line break redraws its line (progress bars): only what was written last shows.
 */

export const ANSI_COLOURS = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'bright-black',
  'bright-red',
  'bright-green',
  'bright-yellow',
  'bright-blue',
  'bright-magenta',
  'bright-cyan',
  'bright-white',
] as const;
export type AnsiColour = (typeof ANSI_COLOURS)[number];

export interface AnsiStyle {
  foreground?: AnsiColour;
  background?: AnsiColour;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  inverse?: boolean;
}

export interface AnsiRun {
  text: string;
  style: AnsiStyle;
}

// CSI (ESC [ params intermediates final), OSC (ESC ] ... BEL or ESC \), any other two-character
// escape, or an escape cut off at the end of what has arrived so far.
const ESCAPE =
  /\x1b\[([0-9;:?<=>]*)[ -/]*([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|\x1b(?:\[[0-9;:?<=>]*[ -/]*|\][^\x07\x1b]*)?$/g;
const SGR_SEQUENCE = /\x1b\[[0-9;:]*m/g;

export function parseAnsi(output: string): AnsiRun[] {
  const runs: AnsiRun[] = [];
  let style: AnsiStyle = {};
  const text = redrawnLines(output);
  let last = 0;
  const push = (piece: string) => {
    if (piece === '') return;
    const previous = runs.at(-1);
    if (previous && previous.style === style) previous.text += piece;
    else runs.push({ text: piece, style });
  };
  for (const match of text.matchAll(ESCAPE)) {
    push(text.slice(last, match.index));
    last = match.index + match[0].length;
    if (match[2] === 'm') style = applySgr(style, match[1] ?? '');
  }
  push(text.slice(last));
  return runs;
}

/** Lines redrawn with a carriage return keep what came last, and the colours set before it. */
function redrawnLines(output: string): string {
  if (!output.includes('\r')) return output;
  return output
    .replace(/\r+\n/g, '\n')
    .split('\n')
    .map((line) => {
      const parts = line.split('\r');
      if (parts.length === 1) return line;
      const shown = parts.findLast((part) => part.replace(ESCAPE, '') !== '') ?? '';
      const index = parts.lastIndexOf(shown);
      const earlierStyles = parts.slice(0, index).join('').match(SGR_SEQUENCE) ?? [];
      const laterStyles =
        parts
          .slice(index + 1)
          .join('')
          .match(SGR_SEQUENCE) ?? [];
      return earlierStyles.join('') + shown + laterStyles.join('');
    })
    .join('\n');
}

function applySgr(current: AnsiStyle, parameters: string): AnsiStyle {
  // Sub-parameters (38:5:n) read as parameters; an empty list or an empty parameter is 0 (reset).
  const codes = parameters === '' ? [0] : parameters.split(/[;:]/).map((code) => (code === '' ? 0 : Number(code)));
  let style: AnsiStyle = { ...current };
  for (let index = 0; index < codes.length; index++) {
    const code = codes[index] ?? 0;
    if (code === 38 || code === 48) {
      const [colour, used] = extendedColour(codes, index + 1);
      index += used;
      const key = code === 38 ? 'foreground' : 'background';
      style = withColour(style, key, colour);
      continue;
    }
    style = applyCode(style, code);
  }
  return style;
}

/** 38;5;n names one of 256 colours (the first 16 are the named ones); 38;2;r;g;b a true colour. */
function extendedColour(codes: number[], at: number): [AnsiColour | undefined, number] {
  if (codes[at] === 5) {
    const value = codes[at + 1];
    return [value !== undefined && value < 16 ? ANSI_COLOURS[value] : undefined, 2];
  }
  if (codes[at] === 2) return [undefined, 4];
  return [undefined, 0];
}

function withColour(style: AnsiStyle, key: 'foreground' | 'background', colour: AnsiColour | undefined): AnsiStyle {
  const { [key]: _dropped, ...rest } = style;
  return colour === undefined ? rest : { ...rest, [key]: colour };
}

function applyCode(style: AnsiStyle, code: number): AnsiStyle {
  if (code === 0) return {};
  if (code >= 30 && code <= 37) return { ...style, foreground: ANSI_COLOURS[code - 30] };
  if (code >= 90 && code <= 97) return { ...style, foreground: ANSI_COLOURS[code - 90 + 8] };
  if (code >= 40 && code <= 47) return { ...style, background: ANSI_COLOURS[code - 40] };
  if (code >= 100 && code <= 107) return { ...style, background: ANSI_COLOURS[code - 100 + 8] };
  switch (code) {
    case 1:
      return { ...style, bold: true };
    case 2:
      return { ...style, dim: true };
    case 3:
      return { ...style, italic: true };
    case 4:
      return { ...style, underline: true };
    case 7:
      return { ...style, inverse: true };
    case 22: {
      const { bold: _bold, dim: _dim, ...rest } = style;
      return rest;
    }
    case 23:
      return without(style, 'italic');
    case 24:
      return without(style, 'underline');
    case 27:
      return without(style, 'inverse');
    case 39:
      return without(style, 'foreground');
    case 49:
      return without(style, 'background');
    default:
      // Blink, fonts, frames and the rest change nothing a reader needs.
      return style;
  }
}

function without(style: AnsiStyle, key: keyof AnsiStyle): AnsiStyle {
  const { [key]: _dropped, ...rest } = style;
  return rest;
}
