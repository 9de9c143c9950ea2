/** The messages between the page and the highlighting worker (highlight-worker.ts). */
import type { HighlightedLines } from './highlight-code';

export type HighlightRequest =
  | { type: 'highlight'; id: number; code: string; grammar: string }
  /** The code on screen changed: the worker drops the request between two chunks of lines. */
  | { type: 'cancel'; id: number };

export type HighlightReply = { id: number; lines: HighlightedLines | undefined } | { id: number; error: string };
