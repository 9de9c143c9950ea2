/**
 * A batch that writes entries, through Prisma in one transaction: the lease check, the thread's
 * columns (modifiedAt, where live entries begin, its last message's start, the seq its entries
 * stand at), the batch's events, the facts they change, the entry rows and their search text.
 * On SQLite, unfenced and with no Prisma transaction open on the connection, the same write goes
 * through the prepared statements instead (sqlite-stream-writes.ts): this path is PostgreSQL's and
 * a team's (fenced) one.
 */
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import type { PrismaClient } from './generated/client';
import type { EntryRow } from './entry-rows';
import type { FencingCheck } from './lease-fencing';
import type { ThreadSearch } from './thread-search';
import type { EventBatch } from './thread-store';
import { updateFacts } from './thread-facts-update';

type RawClient = Pick<PrismaClient, '$executeRaw'>;

export interface EntriesTransaction {
  batch: EventBatch;
  entryRows: readonly EntryRow[] | undefined;
  factEvents: readonly ThreadEvent[];
  modifiedAt: Date;
  lastMessageStart: string | undefined;
  lastSeq: number | undefined;
  /** Inserts the batch's event rows, refusing them all when one overlaps a stored event. */
  insertEvents: ((client: RawClient) => Promise<void>) | undefined;
}

export async function writeEntriesThroughPrisma(
  prisma: PrismaClient,
  { checkFencing, search }: { checkFencing: FencingCheck; search: ThreadSearch },
  threadId: string,
  write: EntriesTransaction,
): Promise<void> {
  const { batch, lastSeq } = write;
  await prisma.$transaction(async (transaction) => {
    await checkFencing(transaction, threadId, batch.fencing);
    const { count } = await transaction.thread.updateMany({
      where: { id: threadId },
      data: {
        modifiedAt: write.modifiedAt,
        liveFrom: batch.liveFrom ?? null,
        lastMessageStart: write.lastMessageStart,
        ...(lastSeq === undefined ? {} : { entriesSeq: lastSeq }),
      },
    });
    if (count === 0) throw new Error(`Cannot save entries of thread ${threadId}: no such thread`);
    await write.insertEvents?.(transaction);
    if (write.factEvents.length > 0) await updateFacts(transaction, threadId, write.factEvents);
    for (const { seq, type, data } of write.entryRows ?? []) {
      await transaction.threadEntry.upsert({
        where: { threadId_seq: { threadId, seq } },
        create: { threadId, seq, type, data },
        update: { type, data },
      });
    }
    // The search index follows the entry rows, once they stop growing (EventBatch.growing).
    if (batch.entries !== undefined && batch.growing !== true) await search.indexEntries(transaction, threadId, batch.entries);
  });
}
