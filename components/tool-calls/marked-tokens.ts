/**
 * Cuts a highlighted line along both its tokens and its hidden-text markers: each token keeps its
 * colour, and a marker (a long whitespace run, an invisible character) replaces what it stands for
 * whichever token it falls in. Markers are found on the whole line, not per token, so that a run of
 * spaces split across tokens is still marked as one.
 */
import type { HighlightToken } from '../highlight/highlight-code';
import { type HiddenTextSegment, markHiddenText } from './mark-hidden-text';

export type MarkedPiece = { kind: 'text'; text: string } | { kind: 'marker'; label: string; title: string };

export interface MarkedToken {
  token: HighlightToken;
  pieces: MarkedPiece[];
}

/** Undefined when the tokens do not spell the line (then the caller shows it plain). */
export function markTokens(line: string, tokens: readonly HighlightToken[]): MarkedToken[] | undefined {
  if (tokens.map((token) => token.content).join('') !== line) return undefined;
  const segments = markHiddenText(line);
  const marked: MarkedToken[] = [];
  let tokenStart = 0;
  for (const token of tokens) {
    const tokenEnd = tokenStart + token.content.length;
    marked.push({ token, pieces: piecesWithin(segments, tokenStart, tokenEnd, line) });
    tokenStart = tokenEnd;
  }
  return marked;
}

function piecesWithin(segments: readonly HiddenTextSegment[], start: number, end: number, line: string): MarkedPiece[] {
  const pieces: MarkedPiece[] = [];
  for (const segment of segments) {
    if (segment.end <= start || segment.start >= end) continue;
    if (segment.kind === 'marker') {
      // A marker shows once, in the token where what it stands for begins.
      if (segment.start >= start) pieces.push({ kind: 'marker', label: segment.label, title: segment.title });
      continue;
    }
    pieces.push({ kind: 'text', text: line.slice(Math.max(start, segment.start), Math.min(end, segment.end)) });
  }
  return pieces;
}
