/**
 * The last progress and usage events are found through partial indexes of their own
 * (last-event-of-type.ts), among and after the rows of streamed pieces, on both databases; on
 * SQLite the query is one the planner serves from that index.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import { EVENT_TYPE_INDEXES, INDEXED_EVENT_TYPES, lastEventOfType } from './last-event-of-type';
import { openThreadStore } from './prisma-thread-store';
import { createTestDatabase, DATABASE_KINDS, type DatabaseKind, type TestDatabase } from './testing/databases';
import type { ThreadStore } from './thread-store';

const text = (seq: number): ThreadEvent => ({ seq, role: 'assistant', content: { type: 'text', text: `p${seq} ` } });
const progress = (seq: number, state: 'running' | 'finished'): ThreadEvent => ({
  seq,
  role: 'system',
  content: { type: 'progress', state, text: state === 'running' ? 'Working…' : '' },
});
const usage = (seq: number, sessionTokens: number): ThreadEvent => ({
  seq,
  role: 'system',
  content: { type: 'usage', sessionTokens, messageInputTokens: 10, messageOutputTokens: 5, lastMessageCost: '$0.01' },
});

let database: TestDatabase;
let store: ThreadStore;

/** A fresh database of `kind` and a store on it for each test of the block. */
function storeOn(kind: DatabaseKind): void {
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    store = await openThreadStore({ database: database.target });
  });

  afterEach(async () => {
    await store.close();
    await database.drop();
  });
}

describe.each(DATABASE_KINDS)('the last event of a type on %s', (kind) => {
  storeOn(kind);

  it('is the newest progress or usage, with newer pieces after it and older ones of its type before', async () => {
    const { id } = await store.createThread('last of a type');
    await store.appendEvents(id, { events: [progress(1, 'running'), text(2), text(3), usage(4, 100), progress(5, 'finished')] });
    await store.appendEvents(id, { events: [progress(6, 'running'), text(7)] });
    await store.appendEvents(id, { events: [text(8)] });
    await store.appendEvents(id, { events: [usage(9, 250), text(10)] });

    expect(await store.getLastEvent(id, 'progress')).toEqual(progress(6, 'running'));
    expect(await store.getLastEvent(id, 'usage')).toEqual(usage(9, 250));
    expect(await store.getLastEvent(id, 'text')).toEqual(text(10));
  });

  it('is none for a thread with no event of that type, nor another thread’s', async () => {
    const { id } = await store.createThread('with progress');
    const other = await store.createThread('pieces only');
    await store.appendEvents(id, { events: [progress(1, 'running'), usage(2, 10)] });
    await store.appendEvents(other.id, { events: [text(1), text(2)] });

    expect(await store.getLastEvent(other.id, 'progress')).toBeNull();
    expect(await store.getLastEvent(other.id, 'usage')).toBeNull();
  });
});

describe('on SQLite', () => {
  storeOn('sqlite');

  it.each(INDEXED_EVENT_TYPES)('the query for %s is served by its partial index', async (type) => {
    if (database.target.kind !== 'sqlite') throw new Error('a SQLite file is needed');
    const connection = new Database(database.target.file, { readonly: true });
    try {
      const query = lastEventOfType(String.raw, '?', type);
      const plan = connection.prepare(`EXPLAIN QUERY PLAN ${query}`).all('a-thread') as Array<{ detail: string }>;
      expect(plan.map((step) => step.detail)).toEqual([
        `SEARCH ThreadEvent USING INDEX ${EVENT_TYPE_INDEXES[INDEXED_EVENT_TYPES.indexOf(type)]} (threadId=?)`,
      ]);
    } finally {
      connection.close();
    }
  });
});
