/**
 * A thread created whole from an export (ThreadStore.importThread): its row, its entries and their
 * search rows in one transaction, all of it or nothing.
 */
import type { ThreadMetadata } from '../../lib/protocol/thread-model';
import type { EntryUpsert } from './entry-insert';
import { encodeEntry } from './entry-rows';
import type { PrismaClient } from './generated/client';
import { lastMessageStartOf } from './last-message-start';
import { writeWithPatience } from './store-failure';
import type { ThreadSearch } from './thread-search';
import type { ImportedThread } from './thread-store';
import { metadataColumns, toMetadata } from './thread-rows';

export function importThreadRows(
  prisma: PrismaClient,
  dialect: { upsertEntries: EntryUpsert; search: ThreadSearch },
  thread: ImportedThread,
): Promise<ThreadMetadata> {
  // Every entry is checked before anything is written.
  const entryRows = thread.entries.map((entry, seq) => encodeEntry('import', { seq, entry }));
  const { title, agent, model, createdAt, modifiedAt, totalTokens, totalCost } = thread;
  const lastMessageStart = lastMessageStartOf(thread.entries.map((entry, seq) => ({ seq, entry })));
  return writeWithPatience(() =>
    prisma.$transaction(async (transaction) => {
      const row = await transaction.thread.create({
        data: { title, agent, model, createdAt, modifiedAt, usageTokens: totalTokens, usageCost: totalCost, lastMessageStart },
        select: metadataColumns,
      });
      // One statement for any number of entries, as for events; then the thread is searchable.
      const rowsJson = JSON.stringify(entryRows.map((entry) => [entry.seq, entry.type, entry.data]));
      if (entryRows.length > 0) await dialect.upsertEntries(transaction, row.id, rowsJson, new Date());
      await dialect.search.indexTitle(transaction, row.id, title);
      await dialect.search.indexEntries(
        transaction,
        row.id,
        thread.entries.map((entry, seq) => ({ seq, entry })),
      );
      return toMetadata(row);
    }),
  );
}
