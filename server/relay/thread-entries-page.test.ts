/**
 * getThreadEntries pages: a tab opens a long thread at its end and pages back through it, or opens
 * a page around one entry and pages both ways; bad paging is refused. On both databases. (That a
 * page never leaves out an entry live events may still change: thread-tail.test.ts.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { openThreadStore } from '../store/prisma-thread-store';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../store/testing/databases';
import { rpcClient, startTestRelay, type TestRelay, whenConnected } from './testing/relay-support';
import { connectScriptClient } from './script-client';

const TOKEN = 'paging-token-'.padEnd(43, 'p');
const message = (index: number): ThreadEntry => ({
  type: 'message',
  role: index % 2 ? 'assistant' : 'user',
  chunks: [{ type: 'text', chunk: `entry ${index}` }],
});
const LAST_USAGE = {
  sessionTokens: 3400,
  messageInputTokens: 2000,
  messageOutputTokens: 200,
  lastMessageCost: '0.02',
  sessionCost: '0.03',
};
const texts = (entries: unknown) =>
  (entries as ThreadEntry[]).map((entry) => (entry.type === 'message' ? entry.chunks[0]?.chunk : entry.type));

describe.each(DATABASE_KINDS)('getThreadEntries over the socket, on %s', (kind) => {
  let folder: string;
  let database: TestDatabase;
  let relay: TestRelay;
  let threadId: string;
  let usedThreadId: string;
  let client: ReturnType<typeof rpcClient>;
  let close: () => void;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'baton-paging-test-'));
    const dataDir = path.join(folder, '.baton');
    database = await createTestDatabase(kind);
    const databaseUrl = database.target.kind === 'postgresql' ? database.target.url : undefined;
    const store = await openThreadStore(databaseUrl ? { database: database.target } : { databaseFile: path.join(dataDir, 'baton.db') });
    threadId = (await store.createThread('long')).id;
    await store.saveEntries(
      threadId,
      Array.from({ length: 30 }, (_, seq) => ({ seq, entry: message(seq) })),
    );
    // Two turns that reported usage, their summaries at the end: the last report is the thread's.
    usedThreadId = (await store.createThread('used')).id;
    const turnEntries = Array.from({ length: 30 }, (_, seq) => ({ seq, entry: message(seq) }));
    await store.appendEvents(usedThreadId, {
      events: [
        { seq: 1, role: 'system', content: { type: 'usage', sessionTokens: 1200, lastMessageCost: '0.01', sessionCost: '0.01' } },
        { seq: 2, role: 'system', content: { type: 'usage', ...LAST_USAGE } },
      ],
      entries: [...turnEntries, { seq: 30, entry: { type: 'turnSummary', outcome: 'done', usage: LAST_USAGE } }],
    });
    await store.close();
    relay = await startTestRelay({ token: TOKEN, dataDir, workspaceRoot: folder, ...(databaseUrl ? { databaseUrl } : {}) });
    const socket = connectScriptClient(relay.origin, TOKEN);
    close = () => socket.close();
    expect(await whenConnected(socket)).toEqual({ connected: true });
    client = rpcClient(socket);
  });

  afterAll(async () => {
    close();
    await relay.close();
    await database.drop();
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
    expect(texts((oldest.result as { entries: unknown }).entries)).toEqual([
      'entry 0',
      'entry 1',
      'entry 2',
      'entry 3',
      'entry 4',
      'entry 5',
    ]);
  });

  it('answers a page around an entry, then pages both ways from it', async () => {
    const around = await client.call('getThreadEntries', { threadId, limit: 6, around: 14 });
    expect(around.result).toMatchObject({ firstIndex: 11, lastSeq: 0, turnRunning: false });
    expect(texts((around.result as { entries: unknown }).entries)).toEqual([
      'entry 11',
      'entry 12',
      'entry 13',
      'entry 14',
      'entry 15',
      'entry 16',
    ]);
    const older = await client.call('getThreadEntries', { threadId, limit: 6, before: 11 });
    expect(texts((older.result as { entries: unknown }).entries)).toEqual([
      'entry 5',
      'entry 6',
      'entry 7',
      'entry 8',
      'entry 9',
      'entry 10',
    ]);
    const newer = await client.call('getThreadEntries', { threadId, limit: 6, after: 16 });
    expect(newer.result).toMatchObject({ firstIndex: 17 });
    expect(texts((newer.result as { entries: unknown }).entries)).toEqual([
      'entry 17',
      'entry 18',
      'entry 19',
      'entry 20',
      'entry 21',
      'entry 22',
    ]);
  });

  it('moves a page around an entry near either end to fit the thread', async () => {
    const first = await client.call('getThreadEntries', { threadId, limit: 6, around: 1 });
    expect(first.result).toMatchObject({ firstIndex: 0 });
    expect((first.result as { entries: unknown[] }).entries).toHaveLength(6);
    const last = await client.call('getThreadEntries', { threadId, limit: 6, around: 29 });
    expect(last.result).toMatchObject({ firstIndex: 24 });
    expect(texts((last.result as { entries: unknown }).entries)).toEqual([
      'entry 24',
      'entry 25',
      'entry 26',
      'entry 27',
      'entry 28',
      'entry 29',
    ]);
    // An entry past the end (rewound away since the link was made): the last page.
    expect((await client.call('getThreadEntries', { threadId, limit: 6, around: 500 })).result).toMatchObject({ firstIndex: 24 });
    // A page larger than the thread: all of it.
    const whole = await client.call('getThreadEntries', { threadId, limit: 100, around: 15 });
    expect(whole.result).toMatchObject({ firstIndex: 0 });
    expect((whole.result as { entries: unknown[] }).entries).toHaveLength(30);
    const tail = await client.call('getThreadEntries', { threadId, limit: 6, after: 27 });
    expect(texts((tail.result as { entries: unknown }).entries)).toEqual(['entry 28', 'entry 29']);
  });

  it('gives the thread’s last usage with the newest page and with a page in the middle, not with older pages', async () => {
    const middle = await client.call('getThreadEntries', { threadId: usedThreadId, limit: 6, around: 5 });
    expect(middle.result).toMatchObject({ firstIndex: 2, lastSeq: 2, usage: LAST_USAGE });
    expect((await client.call('getThreadEntries', { threadId: usedThreadId, limit: 6 })).result).toMatchObject({ usage: LAST_USAGE });
    expect((await client.call('getThreadEntries', { threadId: usedThreadId, limit: 6, before: 10 })).result).not.toHaveProperty('usage');
    // A thread no turn reported usage for has none to give.
    expect((await client.call('getThreadEntries', { threadId, limit: 6, around: 5 })).result).not.toHaveProperty('usage');
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
    ['`around` without `limit`', { around: 3 }],
    ['`around` with `before`', { limit: 5, around: 3, before: 10 }],
  ])('refuses %s with invalid params, and the connection stays usable', async (_case, paging) => {
    const refused = await client.call('getThreadEntries', { threadId, ...paging });
    expect(refused.error?.code).toBe(-32602);
    expect((await client.call('getThreadEntries', { threadId, limit: 1 })).result).toMatchObject({ firstIndex: 29 });
  });
});
