/**
 * A unified diff as the rows a reader sees: each line with its number in the old and the new file
 * (from the hunk headers), its sign apart from its code, and where its code sits in the old or the
 * new file's text, so that each side can be highlighted as the code it is (a grammar reads a
 * file's lines in order; mixing removed and added lines would confuse it).
 */
import { type DiffLineKind, parseUnifiedDiff } from './parse-unified-diff';

export interface DiffRow {
  kind: DiffLineKind;
  /** The whole line as the diff has it, sign included. */
  text: string;
  sign: string;
  code: string;
  oldNumber?: number;
  newNumber?: number;
  /** The side whose highlighted text shows this line's code, and the line's index in it. */
  side?: { name: 'old' | 'new'; index: number };
}

export interface DiffRows {
  rows: DiffRow[];
  oldCode: string;
  newCode: string;
}

const HUNK_START = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

export function diffRows(diff: string): DiffRows {
  const oldLines: string[] = [];
  const newLines: string[] = [];
  let oldNumber = 0;
  let newNumber = 0;
  const rows = parseUnifiedDiff(diff).map((line): DiffRow => {
    const { kind, text } = line;
    switch (kind) {
      case 'hunk': {
        const start = HUNK_START.exec(text);
        oldNumber = Number(start?.[1] ?? 1);
        newNumber = Number(start?.[2] ?? 1);
        return { kind, text, sign: '', code: text };
      }
      case 'added':
        newLines.push(text.slice(1));
        return { kind, text, sign: '+', code: text.slice(1), newNumber: newNumber++, side: { name: 'new', index: newLines.length - 1 } };
      case 'removed':
        oldLines.push(text.slice(1));
        return { kind, text, sign: '-', code: text.slice(1), oldNumber: oldNumber++, side: { name: 'old', index: oldLines.length - 1 } };
      case 'context':
        oldLines.push(text.slice(1));
        newLines.push(text.slice(1));
        return {
          kind,
          text,
          sign: ' ',
          code: text.slice(1),
          oldNumber: oldNumber++,
          newNumber: newNumber++,
          side: { name: 'new', index: newLines.length - 1 },
        };
      case 'file':
      case 'note':
        return { kind, text, sign: '', code: text };
      default: {
        const unreachable: never = kind;
        return unreachable;
      }
    }
  });
  return { rows, oldCode: oldLines.join('\n'), newCode: newLines.join('\n') };
}
