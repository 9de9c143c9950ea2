/**
 * Fenced writes, for a team of relays: a relay writes a thread's events and entries under the
 * fencing number of its lease on the thread (the ThreadLease table, server/relay/team/thread-leases.ts),
 * and the store checks that number in the write's own transaction, before anything is written.
 * On PostgreSQL the lease's row is locked for share until the write commits, so a take of the
 * lease waits for the write, and a write waits for a take under way and then sees its number:
 * a relay that stalled past its lease while another took the thread writes nothing more into it,
 * and what it wrote before, the relay that took over reads.
 */
import { RelayError } from '../../lib/rpc/relay-error';
import type { DatabaseTarget } from './database-target';
import { Prisma, type PrismaClient } from './generated/client';

type QueryClient = Pick<PrismaClient, '$queryRaw'>;

/** A write under a lease another relay has taken since: nothing of it was stored. */
export class StaleFencingError extends RelayError<'thread-taken-over'> {
  constructor(
    readonly threadId: string,
    readonly fencing: bigint,
    readonly current: bigint | undefined,
  ) {
    super(
      'thread-taken-over',
      `Thread ${threadId} was taken over by another relay of the team (its lease is at fencing ${current ?? 'none'}, ` +
        `this relay held it under ${fencing}): nothing more is written here; the thread goes on there.`,
    );
  }
}

/** Throws StaleFencingError unless the thread's lease still stands at `fencing`; does nothing without one. */
export type FencingCheck = (client: QueryClient, threadId: string, fencing: bigint | undefined) => Promise<void>;

export function fencingCheckFor(kind: DatabaseTarget['kind']): FencingCheck {
  // SQLite has no row locks (a team runs on PostgreSQL only): its one writer at a time is the lock.
  const lock = kind === 'postgresql' ? Prisma.sql`FOR SHARE` : Prisma.empty;
  return async (client, threadId, fencing) => {
    if (fencing === undefined) return;
    const [lease] = await client.$queryRaw<Array<{ fencing: bigint | number | string }>>`SELECT "fencing" FROM "ThreadLease"
      WHERE "threadId" = ${threadId} ${lock}`;
    const current = lease === undefined ? undefined : BigInt(lease.fencing);
    if (current !== fencing) throw new StaleFencingError(threadId, fencing, current);
  };
}
