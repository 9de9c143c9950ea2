/**
 * The relay's two connections to the team's Redis server (socket.io's Redis adapter publishes on
 * one and subscribes on the other): every broadcast to a thread's room reaches the tabs of every
 * relay of the team.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { redactedUrl } from './redis-url';

export interface RedisLink {
  /** socket.io's `adapter` option. */
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

/** Connects both clients; rejects with a clear error when the server cannot be reached, leaving nothing open. */
export async function connectRedis(url: string, log: (message: string) => void): Promise<RedisLink> {
  // Once started, a lost connection is retried by ioredis; before that, a refusal fails the start at once.
  const options = { lazyConnect: true, maxRetriesPerRequest: null, retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000) };
  const publisher = new Redis(url, options);
  const subscriber = publisher.duplicate();
  const clients = [publisher, subscriber];
  let reported = false;
  for (const client of clients) {
    client.on('error', (error: Error) => {
      if (!reported) log(`Redis (${redactedUrl(url)}): ${error.message}`);
      reported = true;
    });
    client.on('ready', () => (reported = false));
  }
  try {
    await Promise.all(clients.map((client) => client.connect()));
  } catch (error) {
    for (const client of clients) client.disconnect();
    throw new Error(`could not reach Redis at ${redactedUrl(url)}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    adapter: createAdapter(publisher, subscriber),
    async close() {
      await Promise.allSettled(clients.map((client) => client.quit()));
      for (const client of clients) client.disconnect();
    },
  };
}
