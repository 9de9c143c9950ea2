/**
 * getThreadEntries pages: a tab opens a long thread at its end and pages back through it; bad paging
 * is refused. (That a page never leaves out an entry live events may still change: thread-tail.test.ts.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../lib/protocol/acp-threads';
import { openThreadStore } from '../store/prisma-thread-store';
import { rpcClient, startTestRelay, type TestRelay, whenConnected } from './relay-test-support';
import { connectScriptClient } from './script-client';

const TOKEN = 'paging-token-'.padEnd(43, 'p');
const message = (index: number): ThreadEntry => ({ type: 'message', role: index % 2 ? 'assistant' : 'user', chunks: [{ type: 'text', chunk: `entry ${index}` }] });
const texts = (entries: unknown) => (entries as ThreadEntry[]).map((entry) => (entry.type === 'message' ? entry.chunks[0]?.chunk : entry.type));

describe('getThreadEntries over the socket', () => {
  let folder: string;
  let relay: TestRelay;
  let threadId: string;
  let client: ReturnType<typeof rpcClient>;
  let close: () => void;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'baton-paging-test-'));
    const dataDir = path.join(folder, '.baton');
    const store = await openThreadStore({ databaseFile: path.join(dataDir, 'baton.db') });
    threadId = (await store.createThread('long')).id;
    await store.saveEntries(threadId, Array.from({ length: 30 }, (_, seq) => ({ seq, entry: message(seq) })));
    await store.close();
    relay = await startTestRelay({ token: TOKEN, dataDir, workspaceRoot: folder });
    const socket = connectScriptClient(relay.origin, TOKEN);
    close = () => socket.close();
    expect(await whenConnected(socket)).toEqual({ connected: true });
    client = rpcClient(socket);
  });

  afterAll(async () => {
    close();
    await relay.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('answers the newest page, then each older one, down to the first entry', async () => {
    const newest = await client.call('getThreadEntries', { threadId, limit: 12 });
    expect(newest.result).toMatchObject({ firstIndex: 18, lastSeq: 0, turnRunning: false });
    expect(texts((newest.result as { entries: unknown }).entries)).toEqual(Array.from({ length: 12 }, (_, index) => `entry ${18 + index}`));
    const older = await client.call('getThreadEntries', { threadId, limit: 12, before: 18 });
    expect(older.result).toMatchObject({ firstIndex: 6 });
    expect(texts((older.result as { entries: unknown }).entries)).toEqual(Array.from({ length: 12 }, (_, index) => `entry ${6 + index}`));
    const oldest = await client.call('getThreadEntries', { threadId, limit: 12, before: 6 });
    expect(oldest.result).toMatchObject({ firstIndex: 0 });
    expect(texts((oldest.result as { entries: unknown }).entries)).toEqual(['entry 0', 'entry 1', 'entry 2', 'entry 3', 'entry 4', 'entry 5']);
  });

  it('answers every entry without `limit`, as an ACP or ECA client expects', async () => {
    const whole = await client.call('getThreadEntries', { threadId });
    expect((whole.result as { entries: unknown[] }).entries).toHaveLength(30);
    expect(whole.result).not.toHaveProperty('firstIndex');
  });

  it.each([
    ['`before` without `limit`', { before: 10 }],
    ['a limit of 0', { limit: 0 }],
    ['a page larger than the maximum', { limit: 100_000 }],
    ['a negative position', { limit: 5, before: -1 }],
  ])('refuses %s with invalid params, and the connection stays usable', async (_case, paging) => {
    const refused = await client.call('getThreadEntries', { threadId, ...paging });
    expect(refused.error?.code).toBe(-32602);
    expect((await client.call('getThreadEntries', { threadId, limit: 1 })).result).toMatchObject({ firstIndex: 29 });
  });
});
