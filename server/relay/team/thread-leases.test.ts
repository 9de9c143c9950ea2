/**
 * Thread leases on a real PostgreSQL server: one holder at a time, a fencing number that counts
 * up on every take, a release that lets the next relay take it, and an expired lease taken over
 * with the name of the relay that stopped, which learns it lost the thread.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UnknownThreadError } from '../../hub/thread-deletions';
import type { ThreadHolding } from '../../hub/thread-ownership';
import { openThreadStore } from '../../store/prisma-thread-store';
import { createTestDatabase, type TestDatabase } from '../../store/testing/databases';
import { ThreadLeases } from './thread-leases';

let database: TestDatabase;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase('postgresql');
  if (database.target.kind !== 'postgresql') throw new Error('a PostgreSQL database was asked for');
  url = database.target.url;
});
afterAll(() => database.drop());

function held(outcome: Awaited<ReturnType<ThreadLeases['take']>>): ThreadHolding {
  if (outcome.kind !== 'taken') throw new Error(`held elsewhere, by ${outcome.relayId}`);
  return outcome.holding;
}

it('lets one relay hold a thread at a time, counts every take, and hands an expired lease over', async () => {
  const store = await openThreadStore({ database: database.target });
  const { id } = await store.createThread('leased');
  await store.close();
  const a = new ThreadLeases(url, 'relay-a', () => undefined);
  const b = new ThreadLeases(url, 'relay-b', () => undefined);
  try {
    const first = held(await a.take(id));
    expect(first.fencing).toBe(1n);
    expect(await b.take(id)).toEqual({ kind: 'elsewhere', relayId: 'relay-a' });
    expect(await b.holderElsewhere(id)).toBe('relay-a');
    expect(await a.holderElsewhere(id)).toBeUndefined();

    await first.release();
    expect(await a.holderElsewhere(id)).toBeUndefined();
    const second = held(await b.take(id));
    expect({ fencing: second.fencing, from: second.takenOverFrom }).toEqual({ fencing: 2n, from: undefined });
    const lost = new Promise<void>((resolve) => second.onLost(resolve));

    // relay-b stops renewing (as a killed relay would): its lease runs out.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`UPDATE "ThreadLease" SET "expiresAt" = "expiresAt" - interval '1 hour' WHERE "threadId" = $1`, [id]);
    await admin.end();
    expect(await a.holderElsewhere(id)).toBeUndefined();
    const [takenOver, ...others] = await a.takeExpired(false);
    expect(others).toEqual([]);
    expect({ threadId: takenOver?.threadId, fencing: takenOver?.holding.fencing, from: takenOver?.holding.takenOverFrom }).toEqual({
      threadId: id,
      fencing: 3n,
      from: 'relay-b',
    });
    // Its next renewal finds the higher fencing number.
    await lost;
    expect(await b.take(id)).toEqual({ kind: 'elsewhere', relayId: 'relay-a' });
    await expect(a.take('no-such-thread')).rejects.toThrow(UnknownThreadError);
  } finally {
    await a.close();
    await b.close();
  }
});
