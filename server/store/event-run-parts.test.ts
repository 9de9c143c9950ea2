/**
 * A join reuses the parts of the rows event-rows.ts made rather than parsing them again: the rows
 * it makes so must be the very rows a join of the same rows read back from the database makes.
 */
import { expect, it } from 'vitest';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import { encodeEvents, type EventRow, joinRun, type OpenRun, openRunOf } from './event-rows';

const text = (seq: number, messageId?: string): ThreadEvent => ({
  seq,
  role: 'assistant',
  content: { type: 'text', text: `p${seq} "quoted" ✓ `, ...(messageId === undefined ? {} : { messageId }) },
});
/** The row as a read gives it back: a new object with the same columns. */
const readBack = (row: EventRow): EventRow => ({ ...row });

it('joins batches to the rows it made exactly as to the same rows read back', () => {
  let made: OpenRun | undefined;
  let read: OpenRun | undefined;
  let seq = 1;
  for (const size of [1, 1, 2, 3, 1, 5, 2, 40, 1, 1]) {
    const events = Array.from({ length: size }, () => text(seq++));
    const rows = encodeEvents('thread', events);
    const joinedMade = made === undefined ? undefined : joinRun(made, events, rows, 1_000);
    const joinedRead = read === undefined ? undefined : joinRun({ ...read, row: readBack(read.row) }, events, rows.map(readBack), 1_000);
    expect(joinedMade).toEqual(joinedRead);
    made = joinedMade === undefined ? openRunOf(rows, events) : { ...made!, row: joinedMade, nextSeq: seq };
    read = joinedRead === undefined ? openRunOf(rows.map(readBack), events) : { ...read!, row: joinedRead, nextSeq: seq };
  }
  // Both reached the size limit and started new rows along the way; the last row holds its pieces' texts.
  expect(made?.row).toEqual(read?.row);
  expect(JSON.parse(made!.row.content).texts.at(-1)).toBe(`p${seq - 1} "quoted" ✓ `);
});

it('never joins pieces of another message to a row, however the row was had', () => {
  const first = [text(1), text(2)];
  const rows = encodeEvents('thread', first);
  const open = openRunOf(rows, first)!;
  const other = [text(3, 'message-2')];
  expect(joinRun(open, other, encodeEvents('thread', other), 1_000)).toBeUndefined();
  expect(joinRun({ ...open, row: readBack(open.row) }, other, encodeEvents('thread', other), 1_000)).toBeUndefined();
});
