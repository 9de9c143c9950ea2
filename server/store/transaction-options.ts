/**
 * How long a store transaction may wait for the connection and run. Prisma's defaults (2 s to
 * start, 5 s to finish) expire a transaction that a busy machine merely slowed down (seen: a
 * thread's write on PostgreSQL at load 14, 5,049 ms), and an expired transaction is a write lost.
 * These bounds are for a transaction that never ends, not for a slow one.
 */
export const TRANSACTION_OPTIONS = { maxWait: 60_000, timeout: 120_000 } as const;
