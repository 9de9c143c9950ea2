/** The audit list as the store keeps it: newest first, a page at a time, with the titles of the threads still there. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openThreadStore } from './prisma-thread-store';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './testing/databases';
import { InvalidCursorError, type ThreadStore } from './thread-store';

describe.each(DATABASE_KINDS)('the audit list on %s', (kind) => {
  let database: TestDatabase;
  let store: ThreadStore;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    store = await openThreadStore({ database: database.target });
  });

  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  it('pages every action newest first, each once, and names each thread still there by its title', async () => {
    const kept = await store.createThread('kept thread');
    const gone = await store.createThread('gone thread');
    // Recorded one after another, most in the same millisecond: the id orders them then.
    const names = Array.from({ length: 7 }, (_, index) => `user-${index}`);
    for (const [index, name] of names.entries()) {
      await store.audit.record({ threadId: index % 2 === 0 ? kept.id : gone.id, actor: { kind: 'user', name }, action: 'prompt' });
    }
    // Deleted (restorably): hidden everywhere, so no link can open it.
    await store.trashThread(gone.id);

    const read: string[] = [];
    const pages: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.audit.list({ limit: 3, cursor });
      read.push(...page.actions.map((action) => action.actor.name));
      pages.push(page.actions.length);
      for (const action of page.actions) {
        expect(action.threadTitle).toBe(action.threadId === kept.id ? 'kept thread' : undefined);
      }
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(read).toEqual([...names].reverse());
    expect(pages).toEqual([3, 3, 1]);

    // One thread's history pages the same way.
    const first = await store.audit.list({ threadId: kept.id, limit: 2 });
    const second = await store.audit.list({ threadId: kept.id, limit: 2, cursor: first.nextCursor });
    expect([...first.actions, ...second.actions].map((action) => action.actor.name)).toEqual(['user-6', 'user-4', 'user-2', 'user-0']);
    expect(second.nextCursor).toBeUndefined();
  });

  it('refuses a cursor it did not make, saying which list it is for', async () => {
    for (const cursor of ['not-a-cursor', Buffer.from('["2026-01-01T00:00:00.000Z","7"]').toString('base64url')]) {
      const refused = store.audit.list({ limit: 3, cursor });
      await expect(refused).rejects.toBeInstanceOf(InvalidCursorError);
      await expect(refused).rejects.toThrow(/is not an audit list cursor; pass back a nextCursor unchanged/);
    }
  });
});
