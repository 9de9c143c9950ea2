import { describe, expect, it } from 'vitest';
import type { ChatContent, ChatRole } from '../../lib/protocol/eca-chat';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { applyChatContentInPlace } from '../../lib/thread/apply-chat-content';
import { foldRunEnd, joinedPiece } from './piece-folds';

type Piece = { role: ChatRole; content: ChatContent };

const said = (text: string, role: ChatRole = 'assistant'): Piece => ({ role, content: { type: 'text', text } });
const thought = (id: string, text: string): Piece => ({ role: 'assistant', content: { type: 'reasonText', id, text } });

function foldEach(batch: readonly Piece[]): ThreadEntry[] {
  const entries: ThreadEntry[] = [];
  for (const { role, content } of batch) applyChatContentInPlace(entries, role, content);
  return entries;
}

function foldJoined(batch: readonly Piece[]): { entries: ThreadEntry[]; folds: number } {
  const entries: ThreadEntry[] = [];
  let folds = 0;
  for (let start = 0; start < batch.length; ) {
    const end = foldRunEnd(batch, start);
    applyChatContentInPlace(entries, batch[start]!.role, end - start > 1 ? joinedPiece(batch, start, end) : batch[start]!.content);
    folds += 1;
    start = end;
  }
  return { entries, folds };
}

describe('a batch of pieces folded as runs', () => {
  it('gives the entries that folding each piece gives, with one fold a run', () => {
    const batch: Piece[] = [
      said('ask', 'user'),
      said('again', 'user'),
      { role: 'system', content: { type: 'progress', state: 'running', text: 'Working…' } },
      thought('r1', 'a'),
      thought('r1', 'b'),
      thought('r2', 'c'),
      said('one '),
      said('two '),
      { role: 'assistant', content: { type: 'text', text: 'three ', messageId: 'm2' } },
      { role: 'assistant', content: { type: 'text', text: 'four ', messageId: 'm2' } },
      said('note', 'system'),
      said('five '),
    ];
    const { entries, folds } = foldJoined(batch);
    expect(entries).toEqual(foldEach(batch));
    // Each prompt, the progress, r1 (two pieces), r2, the two bare pieces, m2 (two pieces), the note, the last piece.
    expect(folds).toBe(9);
    expect(entries.filter((entry) => entry.type === 'message' && entry.role === 'user')).toHaveLength(2);
  });

  it('joins a whole fast answer into one fold', () => {
    const batch = Array.from({ length: 500 }, (_, index) => said(`p${index} `));
    const { entries, folds } = foldJoined(batch);
    expect(folds).toBe(1);
    expect(entries).toEqual(foldEach(batch));
  });
});
