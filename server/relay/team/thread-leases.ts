/**
 * Thread leases on the team's PostgreSQL database (the ThreadLease table): a relay takes a thread
 * before its turn, renews it at a third of its length while it holds it, and lets it go when
 * idle (its relayId emptied, its fencing kept, so the next take still counts up). A lease not
 * renewed in time expires, and any relay may take it: with a higher fencing number. Times are the
 * database's own, so relays' clocks need not agree.
 */
import pg from 'pg';
import { UnknownThreadError } from '../../hub/thread-deletions';
import type { TakeOutcome, ThreadHolding, ThreadOwnership } from '../../hub/thread-ownership';
import { DEFAULT_LEASE_MS } from './team-options';

const NOW = `(now() AT TIME ZONE 'UTC')`;
/** The expiry of a lease renewed now, its length in ms being parameter `$n`. */
const expiresWith = (n: number) => `${NOW} + make_interval(secs => $${n}::double precision / 1000)`;
/** Released leases keep their row (and fencing) with no holder. */
const NO_HOLDER = '';
const FOREIGN_KEY_VIOLATION = '23503';

/** One expired lease this relay took over. */
export interface TakenOver {
  threadId: string;
  holding: ThreadHolding;
}

export class ThreadLeases implements ThreadOwnership {
  private readonly pool: pg.Pool;
  private readonly holdings = new Set<{ stop(): void }>();

  constructor(
    databaseUrl: string,
    readonly relayId: string,
    private readonly log: (message: string) => void,
    private readonly leaseMs = DEFAULT_LEASE_MS,
  ) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    this.pool.on('error', (error) => log(`thread leases: ${error.message}`));
  }

  async take(threadId: string): Promise<TakeOutcome> {
    try {
      const { rows } = await this.pool.query<{ fencing: string; previous: string | null }>(
        `WITH previous AS (SELECT "relayId" FROM "ThreadLease" WHERE "threadId" = $1)
         INSERT INTO "ThreadLease" ("threadId", "relayId", "fencing", "expiresAt") VALUES ($1, $2, 1, ${expiresWith(3)})
         ON CONFLICT ("threadId") DO UPDATE
           SET "relayId" = EXCLUDED."relayId", "fencing" = "ThreadLease"."fencing" + 1, "expiresAt" = EXCLUDED."expiresAt"
           WHERE "ThreadLease"."relayId" IN ('${NO_HOLDER}', $2) OR "ThreadLease"."expiresAt" < ${NOW}
         RETURNING "fencing", (SELECT "relayId" FROM previous) AS "previous"`,
        [threadId, this.relayId, this.leaseMs],
      );
      const taken = rows[0];
      if (taken) return { kind: 'taken', holding: this.hold(threadId, BigInt(taken.fencing), taken.previous) };
    } catch (error) {
      if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw new UnknownThreadError(threadId);
      throw error;
    }
    const holder = await this.holderElsewhere(threadId);
    // Let go between the two statements: take it again.
    return holder === undefined ? this.take(threadId) : { kind: 'elsewhere', relayId: holder };
  }

  async holderElsewhere(threadId: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ relayId: string }>(
      `SELECT "relayId" FROM "ThreadLease" WHERE "threadId" = $1 AND "relayId" NOT IN ('${NO_HOLDER}', $2) AND "expiresAt" >= ${NOW}`,
      [threadId, this.relayId],
    );
    return rows[0]?.relayId;
  }

  /**
   * Takes every lease whose holder stopped renewing it; `ownToo` at start, when leases under this
   * relay's own name are a former run's.
   */
  async takeExpired(ownToo: boolean): Promise<TakenOver[]> {
    const { rows } = await this.pool.query<{ threadId: string; fencing: string; previous: string }>(
      `WITH expired AS (
         SELECT "threadId", "relayId" FROM "ThreadLease"
         WHERE "relayId" <> '${NO_HOLDER}' AND ($3 OR "relayId" <> $1) AND "expiresAt" < ${NOW}
         ORDER BY "expiresAt" LIMIT 20 FOR UPDATE SKIP LOCKED)
       UPDATE "ThreadLease" AS lease
         SET "relayId" = $1, "fencing" = lease."fencing" + 1, "expiresAt" = ${expiresWith(2)}
         FROM expired WHERE lease."threadId" = expired."threadId"
       RETURNING lease."threadId", lease."fencing", expired."relayId" AS "previous"`,
      [this.relayId, this.leaseMs, ownToo],
    );
    return rows.map((row) => ({ threadId: row.threadId, holding: this.hold(row.threadId, BigInt(row.fencing), row.previous) }));
  }

  async close(): Promise<void> {
    for (const holding of this.holdings) holding.stop();
    await this.pool.end();
  }

  private hold(threadId: string, fencing: bigint, previous: string | null): ThreadHolding {
    const holder = [threadId, this.relayId, fencing.toString()];
    let lostListener: (() => void) | undefined;
    let renewedAt = Date.now();
    const stop = () => {
      clearInterval(timer);
      this.holdings.delete(entry);
    };
    const lose = (why: string) => {
      stop();
      this.log(`lost the lease of thread ${threadId} (fencing ${fencing}): ${why}`);
      lostListener?.();
    };
    const renew = async () => {
      try {
        const { rowCount } = await this.pool.query(
          `UPDATE "ThreadLease" SET "expiresAt" = ${expiresWith(4)} WHERE "threadId" = $1 AND "relayId" = $2 AND "fencing" = $3`,
          [...holder, this.leaseMs],
        );
        if (rowCount === 0) return lose('another relay took it');
        renewedAt = Date.now();
      } catch (error) {
        // The database may come back in time; once the lease has run out, another relay may have it.
        if (Date.now() - renewedAt >= this.leaseMs) lose(`it could not be renewed: ${String(error)}`);
      }
    };
    const timer = setInterval(() => void renew(), this.leaseMs / 3);
    timer.unref();
    const entry = { stop };
    this.holdings.add(entry);
    return {
      fencing,
      takenOverFrom: previous === null || previous === NO_HOLDER || previous === this.relayId ? undefined : previous,
      onLost: (listener) => {
        lostListener = listener;
      },
      release: async () => {
        stop();
        await this.pool.query(
          `UPDATE "ThreadLease" SET "relayId" = '${NO_HOLDER}', "expiresAt" = ${NOW} WHERE "threadId" = $1 AND "relayId" = $2 AND "fencing" = $3`,
          holder,
        );
      },
    };
  }
}
