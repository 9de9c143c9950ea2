/**
 * A streaming batch's write: events alone (a streamed piece is an event), no entry and no fact
 * they change. It is the write a streaming answer makes at every commit, so it is kept apart from
 * the entry writes and does only what it needs: one statement, which is atomic on its own, with no
 * transaction to open. Pieces that continue the row of the ones before join it, while it fits
 * its page (event-rows.ts joinRun); others are inserted (event-insert.ts).
 */
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import type { PrismaClient } from './generated/client';
import { joinEventRow, type EventInsert } from './event-insert';
import { encodeEvents, type EventRow, joinRun, type OpenRun, openRunOf } from './event-rows';
import { overlappingEventsError } from './event-statements';
import type { FencingCheck } from './lease-fencing';
import { OpenRuns } from './open-runs';
import type { SqliteStreamWrites } from './sqlite-stream-writes';

type RawClient = Pick<PrismaClient, '$executeRaw'>;

export class PieceWrites {
  readonly #openRuns = new OpenRuns();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly insertEvents: EventInsert,
    private readonly checkFencing: FencingCheck,
    private readonly maxJoinedRowBytes: number,
    /** SQLite's prepared statements; absent (PostgreSQL), every write goes through Prisma. */
    private readonly streamWrites: SqliteStreamWrites | undefined,
  ) {}

  /** The row the thread's last pieces went in, for the next batch to join; forgotten as taken (OpenRuns). */
  takeOpenRun(threadId: string): OpenRun | undefined {
    return this.#openRuns.take(threadId);
  }

  /** After any other write of the thread's events: the last of `rows` is the one its next pieces may join. */
  rowsWritten(threadId: string, rows: readonly EventRow[], events: readonly ThreadEvent[]): void {
    this.#openRuns.remember(threadId, openRunOf(rows, events));
  }

  /** The prepared statements, when a write may take them now: unfenced, with no Prisma transaction open on the connection. */
  direct(fencing: bigint | undefined): SqliteStreamWrites | undefined {
    return fencing === undefined && this.streamWrites?.insideOpenTransaction === false ? this.streamWrites : undefined;
  }

  /** Writes the pieces, joining them to `open`, the run their thread's last pieces went in (takeOpenRun), when they continue it. */
  async write(threadId: string, events: readonly ThreadEvent[], fencing: bigint | undefined, open: OpenRun | undefined): Promise<void> {
    const rows = encodeEvents(threadId, events);
    const joined = open === undefined ? undefined : joinRun(open, events, rows, this.maxJoinedRowBytes);
    const direct = this.direct(fencing);
    if (open !== undefined && joined !== undefined) {
      const rewritten =
        direct === undefined
          ? await this.#throughPrisma(threadId, fencing, (client) => joinEventRow(client, threadId, open.row, joined))
          : direct.join(threadId, open.row, joined);
      if (rewritten === 1) {
        this.#openRuns.remember(threadId, { ...open, row: joined, nextSeq: open.nextSeq + events.length });
        return;
      }
    }
    const first = rows[0];
    if (first === undefined) return;
    const lastSeq = events.at(-1)?.seq ?? first.seq;
    const createdAt = new Date();
    const inserted =
      direct === undefined
        ? await this.#throughPrisma(threadId, fencing, (client) =>
            this.insertEvents(client, { threadId, rowsJson: rowsJson(rows), createdAt, firstSeq: first.seq, lastSeq }),
          )
        : direct.insert(threadId, rows, lastSeq, createdAt);
    if (inserted !== rows.length) throw overlappingEventsError(threadId, first.seq, lastSeq);
    this.rowsWritten(threadId, rows, events);
  }

  /**
   * Without the statements (PostgreSQL), through the pool; with them but a transaction open on the
   * connection, in a transaction of its own, which waits for that one to end; fenced, in a
   * transaction that checks the lease first (lease-fencing.ts).
   */
  #throughPrisma<T>(threadId: string, fencing: bigint | undefined, write: (client: RawClient) => Promise<T>): Promise<T> {
    if (this.streamWrites === undefined && fencing === undefined) return write(this.prisma);
    return this.prisma.$transaction(async (transaction) => {
      await this.checkFencing(transaction, threadId, fencing);
      return write(transaction);
    });
  }
}

/** The rows as event-insert.ts's one JSON parameter: `[[seq, role, type, content], ...]`. */
export function rowsJson(rows: readonly EventRow[]): string {
  return JSON.stringify(rows.map((row) => [row.seq, row.role, row.type, row.content]));
}
