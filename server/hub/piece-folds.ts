/**
 * Streamed pieces that fold into the thread's entries as one: a batch's consecutive pieces that
 * the store keeps in one run row (event-rows.ts's sharesRun: one role, one message's text or one
 * thought's) change one entry, and folding their joined text once gives the entries that folding
 * each in turn gives. Folding each copied the growing entry once a piece, the largest share of
 * what the recorder allocated per piece, and the garbage collector's pauses on a fast stream grew
 * with it.
 */
import type { ChatContent, ChatRole } from '../../lib/protocol/eca-chat';
import { sharesRun } from '../store/event-rows';

interface Piece {
  role: ChatRole;
  content: ChatContent;
}

/** The end (exclusive) of the run of pieces from `start` that fold as one; `start + 1` when the first folds alone. */
export function foldRunEnd(batch: readonly Piece[], start: number): number {
  let end = start + 1;
  while (end < batch.length && sharesRun(batch[end - 1]!, batch[end]!)) end += 1;
  return end;
}

/** The pieces from `start` to `end` as one content: the first with every piece's text. */
export function joinedPiece(batch: readonly Piece[], start: number, end: number): ChatContent {
  let text = '';
  for (let index = start; index < end; index += 1) text += (batch[index]!.content as { text: string }).text;
  return { ...batch[start]!.content, text } as ChatContent;
}
