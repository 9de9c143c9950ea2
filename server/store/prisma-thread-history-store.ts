/**
 * The ThreadHistoryStore on Prisma. Rows are copied by the database itself (INSERT … SELECT, or
 * one JSON parameter, entry-insert.ts), so a fork of a long thread is a few statements, not a
 * statement per entry or event. The search rows follow the entry rows (thread-search.ts).
 */
import type { ThreadMetadata } from '../../lib/protocol/thread-model';
import { entryUpsertFor, type EntryUpsert } from './entry-insert';
import { decodeEntry, encodeEntry } from './entry-rows';
import { lastMessageStartOf, messageStart } from './last-message-start';
import { metadataColumns, toMetadata } from './thread-rows';
import { decodeEvents, encodeEvent } from './event-rows';
import type { DatabaseTarget } from './database-target';
import type { PrismaClient } from './generated/client';
import { writeWithPatience } from './store-failure';
import { type FencingCheck, fencingCheckFor } from './lease-fencing';
import type { FileChangeRecord, StoredFileChange, ThreadForkWrite, ThreadHistoryStore, ThreadRewindWrite } from './thread-history-store';
import { changesFacts, foldFacts, NO_FACTS } from './thread-facts';
import { threadSearchFor, type ThreadSearch } from './thread-search';
import type { EntryWrite } from './thread-store';

type Client = Pick<PrismaClient, '$executeRaw' | '$queryRaw'>;

/** A user's message is a user-role text event; each starts an entry of its own. */
const USER_MESSAGE = { role: 'user', type: 'text' } as const;

/** Writes these entry rows and their search rows. */
async function insertEntries(
  dialect: { upsertEntries: EntryUpsert; search: ThreadSearch },
  client: Client,
  threadId: string,
  writes: readonly EntryWrite[],
  updatedAt: Date,
): Promise<void> {
  if (writes.length === 0) return;
  const rows = JSON.stringify(writes.map((write) => encodeEntry(threadId, write)).map((row) => [row.seq, row.type, row.data]));
  await dialect.upsertEntries(client, threadId, rows, updatedAt);
  await dialect.search.indexEntries(client, threadId, writes);
}

async function insertEvent(client: Client, threadId: string, event: ThreadEvent): Promise<void> {
  const row = encodeEvent(threadId, event);
  await client.$executeRaw`INSERT INTO "ThreadEvent" ("threadId", "seq", "role", "type", "content", "createdAt")
    VALUES (${threadId}, ${row.seq}, ${row.role}, ${row.type}, ${row.content}, ${new Date()})`;
}

type ThreadEvent = Parameters<typeof encodeEvent>[1];

export class PrismaThreadHistoryStore implements ThreadHistoryStore {
  private readonly dialect: { upsertEntries: EntryUpsert; search: ThreadSearch };
  private readonly checkFencing: FencingCheck;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly now: () => Date,
    kind: DatabaseTarget['kind'],
  ) {
    this.dialect = { upsertEntries: entryUpsertFor(kind), search: threadSearchFor(kind) };
    this.checkFencing = fencingCheckFor(kind);
  }

  async recordFileChange(change: FileChangeRecord): Promise<void> {
    await writeWithPatience(() =>
      this.prisma.fileChange.create({
        data: {
          threadId: change.threadId,
          position: change.position,
          toolCallId: change.toolCallId ?? null,
          path: change.path,
          existed: change.existed,
          before: change.before ?? null,
          kept: change.kept,
          afterHash: change.afterHash ?? null,
        },
      }),
    );
  }

  async fileChangesAfter(threadId: string, position: number): Promise<StoredFileChange[]> {
    const rows = await this.prisma.fileChange.findMany({ where: { threadId, position: { gt: position } }, orderBy: { id: 'desc' } });
    return rows.map((row) => ({
      id: row.id,
      threadId: row.threadId,
      position: row.position,
      path: row.path,
      existed: row.existed,
      kept: row.kept,
      ...(row.toolCallId === null ? {} : { toolCallId: row.toolCallId }),
      ...(row.before === null ? {} : { before: row.before }),
      ...(row.afterHash === null ? {} : { afterHash: row.afterHash }),
    }));
  }

  countUserMessageEvents(threadId: string): Promise<number> {
    return this.prisma.threadEvent.count({ where: { threadId, ...USER_MESSAGE } });
  }

  async userMessageEventSeq(threadId: string, ordinal: number): Promise<number | undefined> {
    if (ordinal < 1) return undefined;
    const row = await this.prisma.threadEvent.findFirst({
      where: { threadId, ...USER_MESSAGE },
      orderBy: { seq: 'asc' },
      skip: ordinal - 1,
      select: { seq: true },
    });
    return row?.seq;
  }

  userMessageOrdinal(threadId: string, seq: number): Promise<number> {
    return this.prisma.threadEvent.count({ where: { threadId, ...USER_MESSAGE, seq: { lte: seq } } });
  }

  async rewindThread(threadId: string, write: ThreadRewindWrite): Promise<void> {
    const updatedAt = this.now();
    await writeWithPatience(() =>
      this.prisma.$transaction(async (transaction) => {
        await this.checkFencing(transaction, threadId, write.fencing);
        const { count } = await transaction.thread.updateMany({
          where: { id: threadId },
          data: { entriesSeq: write.marker.seq, modifiedAt: updatedAt },
        });
        if (count === 0) throw new Error(`Cannot rewind thread ${threadId}: no such thread`);
        await transaction.threadEntry.deleteMany({ where: { threadId, seq: { gte: write.keepEntries } } });
        // A search must not find the text the rewind removed.
        await this.dialect.search.forgetEntriesFrom(transaction, threadId, write.keepEntries);
        await transaction.threadEvent.deleteMany({ where: { threadId, seq: { gte: write.firstRemovedEvent } } });
        await transaction.fileChange.deleteMany({ where: { threadId, position: { gt: write.keepEntries } } });
        await insertEntries(this.dialect, transaction, threadId, write.entries, updatedAt);
        await insertEvent(transaction, threadId, write.marker);
        // The last message may be one the rewind removed: read the last one kept, one row off the key.
        const lastMessage = await transaction.threadEntry.findFirst({
          where: { threadId, type: 'message' },
          orderBy: { seq: 'desc' },
          select: { seq: true, data: true },
        });
        const lastMessageStart =
          lastMessage === null ? null : (messageStart(decodeEntry(threadId, lastMessage.seq, lastMessage.data)) ?? null);
        await transaction.thread.update({ where: { id: threadId }, data: { lastMessageStart } });
      }),
    );
  }

  async forkThread(write: ThreadForkWrite): Promise<ThreadMetadata> {
    const now = this.now();
    const { source, entries } = write;
    return writeWithPatience(() =>
      this.prisma.$transaction(async (transaction) => {
        const thread = await transaction.thread.create({
          data: {
            title: write.title,
            agent: write.agent,
            createdAt: now,
            modifiedAt: now,
            lastMessageStart: lastMessageStartOf(entries.map((entry, seq) => ({ seq, entry }))),
          },
          select: metadataColumns,
        });
        await transaction.$executeRaw`INSERT INTO "ThreadEvent" ("threadId", "seq", "role", "type", "content", "createdAt")
          SELECT ${thread.id}, "seq", "role", "type", "content", "createdAt" FROM "ThreadEvent"
          WHERE "threadId" = ${source} AND "seq" < ${write.eventsBefore}`;
        if (write.marker) await insertEvent(transaction, thread.id, write.marker);
        const last = await transaction.threadEvent.findFirst({
          where: { threadId: thread.id },
          orderBy: { seq: 'desc' },
          select: { seq: true },
        });
        // The header's facts (model, tokens, cost) are those of the copied turns, folded as a live thread folds them.
        const factRows = await transaction.threadEvent.findMany({
          where: { threadId: thread.id, type: { in: ['usage', 'handOver', 'text'] } },
          orderBy: { seq: 'asc' },
          select: { seq: true, role: true, type: true, content: true },
        });
        const factEvents = factRows.flatMap((row) => decodeEvents(thread.id, row)).filter(changesFacts);
        await transaction.thread.update({
          where: { id: thread.id },
          data: { entriesSeq: last?.seq ?? 0, ...foldFacts(NO_FACTS, factEvents) },
        });
        // The fork is searchable at once, by its own title and its entries (createThread is not called).
        await this.dialect.search.indexTitle(transaction, thread.id, write.title);
        await insertEntries(
          this.dialect,
          transaction,
          thread.id,
          entries.map((entry, seq) => ({ seq, entry })),
          now,
        );
        // The kept calls' changes come along: rewinding the fork past them puts their files back too.
        await transaction.$executeRaw`INSERT INTO "FileChange" ("threadId", "position", "toolCallId", "path", "existed", "before", "kept", "afterHash", "createdAt")
          SELECT ${thread.id}, "position", "toolCallId", "path", "existed", "before", "kept", "afterHash", "createdAt" FROM "FileChange"
          WHERE "threadId" = ${source} AND "position" <= ${entries.length} ORDER BY "id"`;
        return toMetadata(thread);
      }),
    );
  }
}
