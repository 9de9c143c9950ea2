/**
 * The relay's hub: a lone relay's ThreadHub, or, for one relay of a team, a TeamHub whose threads
 * run on the relay holding their lease. The leases' PostgreSQL driver is loaded for a team only.
 */
import type { Server } from 'socket.io';
import { ThreadHub, type ThreadHubOptions } from '../../hub/thread-hub';
import { TeamHub } from './team-hub';
import { DEFAULT_LEASE_MS, type TeamOptions } from './team-options';
import type { ThreadLeases } from './thread-leases';

export async function createRelayHub(
  options: ThreadHubOptions,
  { team, databaseUrl, io }: { team?: TeamOptions; databaseUrl?: string; io: Server },
): Promise<{ hub: ThreadHub; leases?: ThreadLeases }> {
  if (!team || !databaseUrl) return { hub: new ThreadHub(options) };
  const leaseMs = team.leaseMs ?? DEFAULT_LEASE_MS;
  const { ThreadLeases } = await import('./thread-leases');
  const leases = new ThreadLeases(databaseUrl, team.relayId, options.log, leaseMs);
  return { hub: new TeamHub(options, { io, leases, leaseMs }), leases };
}
