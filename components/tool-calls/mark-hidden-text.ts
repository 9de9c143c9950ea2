/**
 * What an approval card must not let hide: runs of whitespace that push the rest of a line out of
 * sight, control characters, and characters that reorder or hide text (bidirectional overrides
 * and isolates, direction marks, zero-width characters). Each becomes a visible marker that says
 * what it stands for, so the user approves what they can see. Short indentation at the start of a
 * line is kept: it is how code and formatted arguments read.
 */

/** Each segment says where in the text it came from (`start` to `end`), so that it can be cut along other boundaries (highlighted tokens). */
export type HiddenTextSegment =
  | { kind: 'text'; text: string; start: number; end: number }
  | { kind: 'marker'; label: string; title: string; start: number; end: number };

type Marker = { kind: 'marker'; label: string; title: string };

/** A run of spaces this long or longer, after something else on the line, is marked. */
export const MARKED_SPACE_RUN = 3;
/** Indentation (spaces and tabs at a line's start) longer than this is marked too. */
export const MAX_PLAIN_INDENT = 24;

const INVISIBLE_NAMES: Record<number, string> = {
  1564: 'Arabic letter mark',
  8203: 'zero-width space',
  8204: 'zero-width non-joiner',
  8205: 'zero-width joiner',
  8206: 'left-to-right mark',
  8207: 'right-to-left mark',
  8232: 'line separator',
  8233: 'paragraph separator',
  8234: 'left-to-right embedding',
  8235: 'right-to-left embedding',
  8236: 'pop directional formatting',
  8237: 'left-to-right override',
  8238: 'right-to-left override',
  8288: 'word joiner',
  8294: 'left-to-right isolate',
  8295: 'right-to-left isolate',
  8296: 'first strong isolate',
  8297: 'pop directional isolate',
  65279: 'zero-width no-break space',
};

// Whitespace runs, and single characters that are control or invisible (\n and \t are handled apart).
const SUSPECT = /[ \t]+|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff]/g;

export function markHiddenText(text: string): HiddenTextSegment[] {
  const segments: HiddenTextSegment[] = [];
  let plain = '';
  let plainStart = 0;
  let last = 0;
  const flush = (at: number) => {
    if (plain !== '') segments.push({ kind: 'text', text: plain, start: plainStart, end: at });
    plain = '';
  };
  for (const match of text.matchAll(SUSPECT)) {
    const found = match[0];
    const at = match.index;
    plain += text.slice(last, at);
    last = at + found.length;
    const marker = found[0] === ' ' || found[0] === '\t' ? whitespaceMarker(found, isLineStart(text, at)) : characterMarker(found);
    if (marker === undefined) {
      plain += found;
      continue;
    }
    flush(at);
    segments.push({ ...marker, start: at, end: last });
    plainStart = last;
  }
  plain += text.slice(last);
  flush(text.length);
  return segments;
}

function isLineStart(text: string, index: number): boolean {
  return index === 0 || text[index - 1] === '\n';
}

function whitespaceMarker(run: string, lineStart: boolean): Marker | undefined {
  const tabs = [...run].filter((character) => character === '\t').length;
  const spaces = run.length - tabs;
  if (lineStart ? run.length <= MAX_PLAIN_INDENT : tabs === 0 && spaces < MARKED_SPACE_RUN) return undefined;
  const parts = [spaces > 0 ? `␣×${spaces}` : '', tabs > 0 ? `⇥×${tabs}` : ''].filter(Boolean);
  const words = [spaces > 0 ? plural(spaces, 'space') : '', tabs > 0 ? plural(tabs, 'tab') : ''].filter(Boolean);
  return { kind: 'marker', label: parts.join(' '), title: words.join(' and ') };
}

function characterMarker(character: string): Marker {
  const code = character.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = INVISIBLE_NAMES[code] ?? 'control character';
  return { kind: 'marker', label: `⟨${hex}⟩`, title: `${name} (${hex})` };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
