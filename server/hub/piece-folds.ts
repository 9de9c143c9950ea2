/**
 * Streamed pieces that fold into the thread's entries as one: a batch's consecutive pieces of one
 * answer's text (or of one thought) change one entry, and folding their joined text once gives the
 * entries that folding each in turn gives. Folding each copied the growing entry once a piece, the
 * largest share of what the recorder allocated per piece, and the garbage collector's pauses on a
 * fast stream grew with it.
 */
import type { ChatContent, ChatRole } from '../../lib/protocol/eca-chat';

interface Piece {
  role: ChatRole;
  content: ChatContent;
}

/** Whether `next` continues `previous` in the same entry, with nothing but its text. */
function continuesFold(previous: Piece, next: Piece): boolean {
  if (previous.role !== next.role) return false;
  const a = previous.content;
  const b = next.content;
  // A user message always starts an entry of its own; a text with a message id or choices is not a bare piece.
  if (a.type === 'text' && b.type === 'text') return next.role !== 'user' && isBareText(a) && isBareText(b);
  return a.type === 'reasonText' && b.type === 'reasonText' && a.id === b.id && isBareThought(a) && isBareThought(b);
}

function isBareText(content: ChatContent & { type: 'text' }): boolean {
  for (const key in content) if (key !== 'type' && key !== 'text') return false;
  return true;
}

function isBareThought(content: ChatContent & { type: 'reasonText' }): boolean {
  for (const key in content) if (key !== 'type' && key !== 'text' && key !== 'id') return false;
  return true;
}

/** The end (exclusive) of the run of pieces from `start` that fold as one; `start + 1` when the first folds alone. */
export function foldRunEnd(batch: readonly Piece[], start: number): number {
  let end = start + 1;
  while (end < batch.length && continuesFold(batch[end - 1]!, batch[end]!)) end += 1;
  return end;
}

/** The pieces from `start` to `end` as one content: the first with every piece's text. */
export function joinedPiece(batch: readonly Piece[], start: number, end: number): ChatContent {
  let text = '';
  for (let index = start; index < end; index += 1) text += (batch[index]!.content as { text: string }).text;
  return { ...batch[start]!.content, text } as ChatContent;
}
