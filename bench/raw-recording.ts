/**
 * The baseline of the recording bench: raw better-sqlite3 writing the rows Baton's store wrote,
 * batch for batch. Baton's store is wrapped so that each `appendEvents` it is asked for is noted
 * (the events, and a copy of the entries as they stood then); the baseline then writes the same
 * rows with prepared statements: the event rows (a run of streamed pieces as one row, as
 * server/store/event-rows.ts does), the entry rows, the thread's columns and the search text, one
 * statement alone for a batch of events only and one transaction otherwise, as Baton does; and the
 * thread's rename (its title from the first prompt) with the title's search text.
 */
import type Database from 'better-sqlite3';
import type { ThreadEntry } from '../lib/protocol/thread-model';
import type { ThreadEvent } from '../lib/protocol/thread-events';
import { searchableText, TITLE_SEQ } from '../server/store/thread-search';
import type { EventBatch, ThreadStore } from '../server/store/thread-store';

export interface NotedBatch {
  /** A rename (the hub titles a thread from its first prompt): the title and its search text. */
  title?: string;
  events: readonly ThreadEvent[];
  entries?: Array<{ seq: number; entry: ThreadEntry }> | undefined;
  liveFrom?: number | undefined;
  growing?: boolean | undefined;
}

/** The store, noting every batch appended through it into `noted`. */
export function notingStore(store: ThreadStore, noted: NotedBatch[]): ThreadStore {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'renameThread') {
        return (threadId: string, title: string) => {
          noted.push({ title, events: [] });
          return target.renameThread(threadId, title);
        };
      }
      if (property === 'appendEvents') {
        return (threadId: string, batch: EventBatch) => {
          // Entries are copied as they are now: the recorder goes on growing the same objects.
          noted.push({
            events: batch.events,
            entries: batch.entries?.map((write) => ({ seq: write.seq, entry: structuredClone(write.entry) })),
            liveFrom: batch.liveFrom,
            growing: batch.growing,
          });
          return target.appendEvents(threadId, batch);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

interface Row {
  seq: number;
  role: string;
  type: string;
  content: string;
}

/** A streamed piece of assistant text joins the run before it, as event-rows.ts joins them. */
function joinsRun(previous: ThreadEvent | undefined, event: ThreadEvent): boolean {
  if (!previous || event.role === 'user' || event.seq !== previous.seq + 1 || event.role !== previous.role) return false;
  const [a, b] = [previous.content, event.content];
  if (a.type === 'text' && b.type === 'text') return a.contentId === undefined && b.contentId === undefined;
  return a.type === 'reasonText' && b.type === 'reasonText' && a.id === b.id;
}

export function eventRows(events: readonly ThreadEvent[]): Row[] {
  const rows: Row[] = [];
  let run: ThreadEvent[] = [];
  const close = () => {
    const [first] = run;
    if (!first) return;
    if (run.length === 1) rows.push({ seq: first.seq, role: first.role, type: first.content.type, content: JSON.stringify(first.content) });
    else {
      const { text: _text, ...shared } = first.content as { text: string };
      const texts = run.map((event) => (event.content as { text: string }).text);
      rows.push({
        seq: first.seq,
        role: first.role,
        type: `run:${first.content.type}`,
        content: JSON.stringify({ content: shared, texts }),
      });
    }
    run = [];
  };
  for (const event of events) {
    if (!joinsRun(run.at(-1), event)) close();
    run.push(event);
  }
  close();
  return rows;
}

/** Writes the noted batches of one thread; answers how long it took, ms. */
export function writeNoted(database: Database.Database, threadId: string, batches: readonly NotedBatch[]): number {
  const insertEvent = database.prepare(
    'INSERT INTO "ThreadEvent" ("threadId", "seq", "role", "type", "content", "createdAt") VALUES (?, ?, ?, ?, ?, ?)',
  );
  const updateThread = database.prepare(
    'UPDATE "Thread" SET "modifiedAt" = ?, "liveFrom" = ?, "entriesSeq" = COALESCE(?, "entriesSeq") WHERE "id" = ?',
  );
  const upsertEntry = database.prepare(
    'INSERT INTO "ThreadEntry" ("threadId", "seq", "type", "data", "updatedAt") VALUES (?, ?, ?, ?, ?) ON CONFLICT ("threadId", "seq") DO UPDATE SET "type" = excluded."type", "data" = excluded."data", "updatedAt" = excluded."updatedAt"',
  );
  const upsertText = database.prepare(
    'INSERT INTO "ThreadSearchText" ("threadId", "seq", "text") VALUES (?, ?, ?) ON CONFLICT ("threadId", "seq") DO UPDATE SET "text" = excluded."text" WHERE "text" <> excluded."text"',
  );
  const insertEvents = (events: readonly ThreadEvent[], at: number) => {
    for (const row of eventRows(events)) insertEvent.run(threadId, row.seq, row.role, row.type, row.content, at);
  };
  const rename = database.transaction((title: string, at: number) => {
    database
      .prepare('UPDATE "Thread" SET "title" = ?, "modifiedAt" = ? WHERE "id" = ? AND "deletedAt" IS NULL')
      .run(title, new Date(at).toISOString(), threadId);
    upsertText.run(threadId, TITLE_SEQ, title);
  });
  // A batch of events alone is one commit, as Baton's single statement is.
  const writeEvents = database.transaction(insertEvents);
  const writeWithEntries = database.transaction((batch: NotedBatch, at: number) => {
    updateThread.run(new Date(at).toISOString(), batch.liveFrom ?? null, batch.events.at(-1)?.seq ?? null, threadId);
    insertEvents(batch.events, at);
    for (const { seq, entry } of batch.entries ?? []) {
      upsertEntry.run(threadId, seq, entry.type, JSON.stringify(entry), at);
      if (batch.growing === true) continue;
      const text = searchableText(entry);
      if (text) upsertText.run(threadId, seq, text);
    }
  });
  const started = performance.now();
  for (const batch of batches) {
    const at = Date.now();
    if (batch.title !== undefined) rename(batch.title, at);
    else if (batch.entries === undefined) writeEvents(batch.events, at);
    else writeWithEntries(batch, at);
  }
  return performance.now() - started;
}
