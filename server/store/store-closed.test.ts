/**
 * A closed store refuses what comes late (a tool call's record after the relay stopped) with an
 * error that says why, and does not open its database again: on SQLite, no `-wal` or `-shm` comes
 * back beside the file, on PostgreSQL no new pool answers.
 */
import { readdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import { openThreadStore } from './prisma-thread-store';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './testing/databases';

const text = (seq: number): ThreadEvent => ({ seq, role: 'assistant', content: { type: 'text', text: `p${seq} ` } });

const refused = { code: 'store-closed', message: expect.stringContaining('The store is closed (the relay is stopping)') };

let database: TestDatabase;

afterEach(async () => {
  await database.drop();
});

describe.each(DATABASE_KINDS)('a closed store on %s', (kind) => {
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });

  it('refuses every write and read after close with a clear error, and opens the database no more', async () => {
    const store = await openThreadStore({ database: database.target });
    const { id } = await store.createThread('written before the close');
    await store.close();

    // A streamed batch, the first: on SQLite it would go through the store's own prepared
    // statements, and start the checkpoints' worker with a connection of its own.
    await expect(store.appendEvents(id, { events: [text(1)] })).rejects.toMatchObject(refused);
    await expect(store.createThread('written after the close')).rejects.toMatchObject(refused);
    await expect(
      store.history.recordFileChange({ threadId: id, position: 1, path: 'note.md', existed: false, kept: true }),
    ).rejects.toMatchObject(refused);
    await expect(store.getThread(id)).rejects.toMatchObject(refused);
    if (database.target.kind === 'sqlite') {
      expect(await readdir(dirname(database.target.file))).toEqual(['baton.db']);
    }

    // What was written before the close is all there is.
    const reopened = await openThreadStore({ database: database.target });
    try {
      expect((await reopened.listThreads()).threads.map((thread) => thread.title)).toEqual(['written before the close']);
      expect(await reopened.getEventsAfter(id, 0)).toEqual([]);
    } finally {
      await reopened.close();
    }
  });
});
