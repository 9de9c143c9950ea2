/**
 * Team mode: several relays on one PostgreSQL database, joined through one Redis server so that a
 * tab on any relay sees every thread's turn live (`--redis URL`, `--relay-id NAME`).
 */
import { randomUUID } from 'node:crypto';
import type { DatabaseTarget } from '../../store/database-target';

/** How long a relay's hold on a thread lasts unless renewed (thread-leases.ts). */
export const DEFAULT_LEASE_MS = 5_000;

export interface TeamOptions {
  /** `redis://host:port` (or `rediss://` over TLS): the Redis server every relay of the team uses. */
  redisUrl: string;
  /** This relay's name among the team's, unique: the holder named in a thread's lease. */
  relayId: string;
  /** How long a thread's lease lasts unless renewed (renewed at a third of it); 5 s by default. */
  leaseMs?: number;
}

const RELAY_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The team options from the flags (or their environment variables), or undefined without `--redis`; a clear error when they do not fit. */
export function parseTeamOptions(redis: string | undefined, relayId: string | undefined): TeamOptions | undefined {
  if (redis === undefined || redis === '') {
    if (relayId !== undefined && relayId !== '') throw new Error('--relay-id names a relay of a team: it needs --redis as well');
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(redis);
  } catch {
    throw new Error(`--redis must be a redis:// or rediss:// URL, not ${JSON.stringify(redis)}`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new Error(`--redis must be a redis:// or rediss:// URL, not ${JSON.stringify(redis)}`);
  const id = relayId === undefined || relayId === '' ? randomUUID() : relayId;
  if (!RELAY_ID.test(id))
    throw new Error(`--relay-id must be 1 to 64 letters, digits, dots, dashes or underscores, not ${JSON.stringify(relayId)}`);
  return { redisUrl: redis, relayId: id };
}

/** Relays of a team share their threads: SQLite is one process's file, so a team needs PostgreSQL. */
export function checkTeamDatabase(team: TeamOptions | undefined, database: DatabaseTarget): void {
  if (team && database.kind !== 'postgresql') {
    throw new Error('a team of relays (--redis) keeps its threads on PostgreSQL: give --database postgresql://…');
  }
}
