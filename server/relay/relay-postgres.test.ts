/**
 * The relay on PostgreSQL (`--database postgresql://…`): the threads a tab lists and pages come
 * from the server, and a thread created through the socket is there for the next relay.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { openThreadStore } from '../store/prisma-thread-store';
import { createTestDatabase, type TestDatabase } from '../store/testing/databases';
import { rpcClient, startTestRelay, whenConnected } from './testing/relay-support';
import { connectScriptClient } from './script-client';

const TOKEN = 'postgres-relay-token-'.padEnd(43, 'p');
const message = (index: number): ThreadEntry => ({ type: 'message', role: 'user', chunks: [{ type: 'text', chunk: `entry ${index}` }] });

describe('a relay on PostgreSQL', () => {
  let folder: string;
  let database: TestDatabase;
  let databaseUrl: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'baton-postgres-relay-'));
    database = await createTestDatabase('postgresql');
    if (database.target.kind !== 'postgresql') throw new Error('a PostgreSQL database was asked for');
    databaseUrl = database.target.url;
  });

  afterAll(async () => {
    await database.drop();
    await rm(folder, { recursive: true, force: true });
  });

  async function withRelay<T>(use: (client: ReturnType<typeof rpcClient>) => Promise<T>): Promise<T> {
    const relay = await startTestRelay({ token: TOKEN, dataDir: path.join(folder, '.baton'), workspaceRoot: folder, databaseUrl });
    const socket = connectScriptClient(relay.origin, TOKEN);
    try {
      expect(await whenConnected(socket)).toEqual({ connected: true });
      return await use(rpcClient(socket));
    } finally {
      socket.close();
      await relay.close();
    }
  }

  it('lists and pages the threads stored there, and keeps what a tab creates for the next relay', async () => {
    const store = await openThreadStore({ database: { kind: 'postgresql', url: databaseUrl } });
    const seeded = await store.createThread('seeded on the server');
    await store.saveEntries(
      seeded.id,
      Array.from({ length: 5 }, (_, seq) => ({ seq, entry: message(seq) })),
    );
    await store.close();

    const created = await withRelay(async (client) => {
      const page = await client.call('getThreadEntries', { threadId: seeded.id, limit: 2, before: 3 });
      expect(page.result).toMatchObject({ firstIndex: 1, entries: [message(1), message(2)] });
      return (await client.call('createThread', null)).result as { threadId: string };
    });

    await withRelay(async (client) => {
      const listed = (await client.call('getThreads', { limit: 10 })).result as { threads: { id: string; title: string }[] };
      expect(listed.threads.map((thread) => thread.id)).toEqual([created.threadId, seeded.id]);
    });
  });
});
