/**
 * Which of a thread's entries the recorder must still write, and when the growing ones are due
 * (the cadence thread-recorder.ts describes): the entries changed since their rows were last
 * written, the ones rewritten while they grew whose search text waits for their last write, and
 * how many streamed pieces the growing entries' rows hold and have gained since.
 */
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import type { EntryWrite } from '../store/thread-store';
import { ENTRY_GROWTH, ENTRY_MIN_PIECES, ENTRY_WRITE_INTERVAL_MS } from './recording-limits';

export class EntryWrites {
  private readonly unwritten = new Set<number>();
  private readonly unindexed = new Set<number>();
  private lastWrite = performance.now();
  private piecesWritten = 0;
  private piecesUnwritten = 0;

  /** `entryAt`: the entry at a thread position now (the recorder's tail, which a reload replaces). */
  constructor(private readonly entryAt: (position: number) => ThreadEntry) {}

  /** Entries a content changed: their rows go with the next entry write. */
  changed(positions: Iterable<number>): void {
    for (const position of positions) this.unwritten.add(position);
  }

  /** After a reload: only what the store's rows lack is unwritten. */
  restart(unwritten: Iterable<number>): void {
    this.unwritten.clear();
    this.changed(unwritten);
  }

  /** The entries changed since their rows were written, as they are now. */
  unwrittenEntries(): EntryWrite[] {
    return [...this.unwritten].map((seq) => ({ seq, entry: this.entryAt(seq) }));
  }

  /** What a rewind to `toEntry` must write of the entries it keeps: every one not written in full. */
  keptByRewind(toEntry: number): EntryWrite[] {
    const changed = new Set([...this.unwritten, ...this.unindexed]);
    return [...changed].filter((position) => position < toEntry).map((seq) => ({ seq, entry: this.entryAt(seq) }));
  }

  /** The rewind wrote them: nothing is left to write. */
  rewound(): void {
    this.unwritten.clear();
    this.unindexed.clear();
  }

  /** Whether a batch of `pieces` streamed pieces rewrites the entries they grow (ENTRY_GROWTH, ENTRY_MIN_PIECES). */
  growingDue(now: number, pieces: number): boolean {
    if (this.unwritten.size === 0 || now - this.lastWrite < ENTRY_WRITE_INTERVAL_MS) return false;
    return this.piecesUnwritten + pieces >= Math.max(ENTRY_MIN_PIECES, this.piecesWritten * ENTRY_GROWTH);
  }

  /** The changed entries, and when they stop growing, the ones whose search text is still to be written. */
  toWrite(growing: boolean): EntryWrite[] {
    if (!growing) for (const position of this.unindexed) this.unwritten.add(position);
    return this.unwrittenEntries();
  }

  /** A batch of `pieces` is committed, with the entries (`toWrite`) when `write` says so. */
  committed(pieces: number, write?: { now: number; growing: boolean }): void {
    this.piecesUnwritten += pieces;
    if (!write) return;
    if (write.growing) {
      for (const position of this.unwritten) this.unindexed.add(position);
      this.piecesWritten += this.piecesUnwritten;
    } else {
      this.unindexed.clear();
      this.piecesWritten = 0;
    }
    this.piecesUnwritten = 0;
    this.unwritten.clear();
    this.lastWrite = write.now;
  }
}
