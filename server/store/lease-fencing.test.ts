/**
 * Fenced writes on a real PostgreSQL server: writes under the thread's lease's fencing number are
 * stored; once another relay took the lease, a write under the old number is refused whole
 * (streamed pieces joining a stored run, pieces of their own, entries, a rewind, the thread's agent
 * and its agent's session), with an error that says why, and the new holder's writes go on from
 * where the store stands.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ChatContentSchema } from '../../lib/protocol/eca-chat';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { StaleFencingError } from './lease-fencing';
import { openThreadStore } from './prisma-thread-store';
import type { ThreadStore } from './thread-store';
import { createTestDatabase, type TestDatabase } from './testing/databases';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('postgresql');
});
afterAll(() => database.drop());

const piece = (seq: number, text: string): ThreadEvent => ({
  seq,
  role: 'assistant',
  content: ChatContentSchema.parse({ type: 'text', text }),
});
const answer = (text: string): ThreadEntry => ({ type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: text }] });

/** One statement on the database, as a relay's leases (server/relay/team/thread-leases.ts) run them. */
async function onDatabase(url: string, sql: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/**
 * Runs `test` on a new thread that relay-a holds under fencing 1; `takeOver` has relay-b take the
 * thread (fencing 2), as when relay-a stalls past its lease.
 */
async function withLeasedThread(
  title: string,
  test: (store: ThreadStore, id: string, takeOver: () => Promise<void>) => Promise<void>,
): Promise<void> {
  if (database.target.kind !== 'postgresql') throw new Error('a PostgreSQL database was asked for');
  const store = await openThreadStore({ database: database.target });
  const { url } = database.target;
  try {
    const { id } = await store.createThread(title);
    await onDatabase(
      url,
      `INSERT INTO "ThreadLease" ("threadId", "relayId", "fencing", "expiresAt") VALUES ($1, 'relay-a', 1, now() + interval '1 hour')`,
      [id],
    );
    await test(store, id, () =>
      onDatabase(url, `UPDATE "ThreadLease" SET "relayId" = 'relay-b', "fencing" = "fencing" + 1 WHERE "threadId" = $1`, [id]),
    );
  } finally {
    await store.close();
  }
}

it('stores nothing a relay writes under a lease another relay has taken since, and says why', () =>
  withLeasedThread('fenced', async (store, id, takeOver) => {
    // Two pieces under relay-a's lease: the second joins the first's row (a run).
    await store.appendEvents(id, { events: [piece(1, 'One ')], fencing: 1n });
    await store.appendEvents(id, { events: [piece(2, 'two ')], fencing: 1n });

    // relay-a stalls past its lease; relay-b takes the thread over.
    await takeOver();

    const refusal = {
      code: 'thread-taken-over',
      message: `Thread ${id} was taken over by another relay of the team (its lease is at fencing 2, this relay held it under 1): nothing more is written here; the thread goes on there.`,
    };
    // The piece that would join relay-a's run, the same piece again (a row of its own, the store
    // having forgotten the run), entries, a rewind: none is stored.
    await expect(store.appendEvents(id, { events: [piece(3, 'three ')], fencing: 1n })).rejects.toThrow(StaleFencingError);
    await expect(store.appendEvents(id, { events: [piece(3, 'three ')], fencing: 1n })).rejects.toMatchObject(refusal);
    await expect(
      store.appendEvents(id, {
        events: [piece(3, 'three')],
        entries: [{ seq: 0, entry: answer('One two three') }],
        liveFrom: 1,
        fencing: 1n,
      }),
    ).rejects.toMatchObject(refusal);
    const marker = { seq: 3, role: 'system' as const, content: ChatContentSchema.parse({ type: 'threadRewound', toEntry: 0 }) };
    await expect(
      store.history.rewindThread(id, { keepEntries: 0, firstRemovedEvent: 1, marker, entries: [], fencing: 1n }),
    ).rejects.toMatchObject(refusal);
    expect((await store.getEventsAfter(id, 0)).map((event) => event.seq)).toEqual([1, 2]);
    expect(await store.getEntries(id)).toEqual([]);

    // relay-b's writes go on from there.
    await store.appendEvents(id, {
      events: [piece(3, 'interrupted')],
      entries: [{ seq: 0, entry: answer('One two interrupted') }],
      fencing: 2n,
    });
    expect((await store.getEventsAfter(id, 0)).map((event) => event.content)).toEqual([
      { type: 'text', text: 'One ' },
      { type: 'text', text: 'two ' },
      { type: 'text', text: 'interrupted' },
    ]);
    expect(await store.getEntries(id)).toEqual([answer('One two interrupted')]);
  }));

it("keeps the thread's agent and its agent's session from a relay that lost the lease", () =>
  withLeasedThread('fenced session', async (store, id, takeOver) => {
    await store.setThreadAgent(id, 'acp-agent', 1n);
    await store.saveAgentSession(id, 'session-on-relay-a', 1n);

    // relay-b takes the thread over and starts its agent's own session.
    await takeOver();
    await store.saveAgentSession(id, 'session-on-relay-b', 2n);

    // relay-a, late, would have relay-b resume a session that lives in relay-a's agent process,
    // or bind the thread to another agent: neither is stored.
    await expect(store.saveAgentSession(id, 'late-session-on-relay-a', 1n)).rejects.toThrow(StaleFencingError);
    await expect(store.saveAgentSession(id, null, 1n)).rejects.toMatchObject({ code: 'thread-taken-over' });
    await expect(store.setThreadAgent(id, 'builtin', 1n)).rejects.toMatchObject({ code: 'thread-taken-over' });
    expect(await store.getThread(id)).toMatchObject({ agent: 'acp-agent', agentSessionId: 'session-on-relay-b' });
  }));
