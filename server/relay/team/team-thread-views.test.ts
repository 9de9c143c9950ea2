/**
 * Two relays of a team, each tab on one of them seeing every thread as it stands whichever relay
 * runs it: a thread opened on A while B runs it (and after) shows every entry and whether its turn
 * runs; a rewind and a delete sent to A act on B's thread; B's threads appear, change and go in
 * A's thread list, and B's finished turn in A's inbox.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectRelayClient, isTurnFinished, type RelayClient } from '../../../e2e/support/relay-client';
import { BatonErrorCodes } from '../../../lib/protocol/baton-protocol';
import type { InboxList } from '../../../lib/protocol/inbox';
import type { ThreadDeletedParams, ThreadUpdatedParams } from '../../../lib/protocol/thread-list-methods';
import type { SequencedContentReceivedParams } from '../../../lib/protocol/thread-events';
import { createGate, type Gate } from '../../demo-model/testing/gate';
import { startScriptedModelServer, type ScriptedModelServer } from '../../demo-model/scripted-model-server';
import { createTestDatabase, type TestDatabase } from '../../store/testing/databases';
import { startTestRelay } from '../testing/relay-support';
import { startTemporaryRedis, type TemporaryRedis } from './temporary-redis';

const TOKEN = 'team-views-token-'.padEnd(43, 't');
const ANSWER = 'One two three four five six seven eight nine ten.';

/** Every notification `method` a tab got, and a wait for one that satisfies a predicate. */
function notifications<T>(client: RelayClient, method: 'thread/updated' | 'thread/deleted' | 'inbox/changed') {
  const got: T[] = [];
  const waiters = new Set<() => void>();
  client.rpc.onNotification(method, (params) => {
    got.push(params as T);
    for (const wake of [...waiters]) wake();
  });
  return {
    got,
    until: (predicate: (params: T) => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!got.some(predicate)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
  };
}

describe('a team of relays, as each tab sees its threads', () => {
  let database: TestDatabase;
  let redis: TemporaryRedis;
  let model: ScriptedModelServer;
  const gates: Gate[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgresql');
    redis = await startTemporaryRedis();
    model = await startScriptedModelServer({
      script: () => {
        const gate = createGate();
        gates.push(gate);
        return { blocks: [{ type: 'text', text: ANSWER }], beforeDelta: (index) => (index === 2 ? gate.promise : undefined) };
      },
    });
  });
  afterEach(async () => {
    for (const gate of gates) gate.open();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await model.close();
    await redis.stop();
    await database.drop();
  });

  async function startMember(relayId: string) {
    if (database.target.kind !== 'postgresql') throw new Error('a PostgreSQL database was asked for');
    const relay = await startTestRelay({
      token: TOKEN,
      databaseUrl: database.target.url,
      team: { redisUrl: redis.url, relayId },
      env: { NODE_ENV: 'test', ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, BATON_MODEL: 'scripted' },
    });
    cleanups.push(() => relay.close());
    const client = await connectRelayClient({ origin: relay.origin, token: TOKEN });
    cleanups.push(() => client.close());
    return client;
  }

  const inThread =
    (threadId: string, predicate: (params: SequencedContentReceivedParams) => boolean) => (params: SequencedContentReceivedParams) =>
      params.chatId === threadId && predicate(params);
  const answers = (params: SequencedContentReceivedParams) => params.role === 'assistant' && params.content.type === 'text';

  it("shows a tab on A every entry of B's thread and whether its turn runs, mid-turn and after, though A had it open before", async () => {
    const a = await startMember('relay-a');
    const b = await startMember('relay-b');
    const { threadId } = await b.rpc.request('createThread', null);
    // A loads the thread while it is empty: what A keeps of it goes stale once B writes.
    await a.rpc.request('openThread', { threadId });
    expect(await a.rpc.request('getThreadEntries', { threadId })).toMatchObject({ entries: [], turnRunning: false });
    await b.rpc.request('openThread', { threadId });
    await b.rpc.request('chat/prompt', { chatId: threadId, message: 'count' });
    await a.until(inThread(threadId, answers));

    const midTurn = await a.rpc.request('getThreadEntries', { threadId });
    expect(midTurn.turnRunning).toBe(true);
    expect(midTurn.entries.length).toBeGreaterThan(0);
    expect(midTurn).toEqual(await b.rpc.request('getThreadEntries', { threadId }));
    expect(await a.rpc.request('getThreadEvents', { threadId, afterSeq: 0 })).toMatchObject({ turnRunning: true });

    gates.at(-1)!.open();
    await a.until(inThread(threadId, isTurnFinished));
    await b.until(inThread(threadId, isTurnFinished));
    const after = await a.rpc.request('getThreadEntries', { threadId });
    expect(after.turnRunning).toBe(false);
    expect(after.entries.map((entry) => entry.type)).toContain('message');
    expect(after).toEqual(await b.rpc.request('getThreadEntries', { threadId }));
  });

  it("refuses a rewind sent to A while B's turn runs, rewinds B's thread once it ended, and deletes it from A mid-turn on B", async () => {
    const a = await startMember('relay-a');
    const b = await startMember('relay-b');
    const { threadId } = await b.rpc.request('createThread', null);
    await a.rpc.request('openThread', { threadId });
    await b.rpc.request('openThread', { threadId });
    await b.rpc.request('chat/prompt', { chatId: threadId, message: 'count' });
    await a.until(inThread(threadId, answers));

    await expect(a.rpc.request('thread/rewind', { threadId, toEntry: 0 })).rejects.toMatchObject({
      code: BatonErrorCodes.ThreadBusy,
      message: `A turn is running in thread ${threadId} on relay relay-b; stop it or wait for it to finish.`,
    });
    gates.at(-1)!.open();
    await b.until(inThread(threadId, isTurnFinished));

    // A opened the thread empty: its rewind reads what B wrote, and B then shows what A left.
    const { entries } = await b.rpc.request('getThreadEntries', { threadId });
    const rewound = await a.rpc.request('thread/rewind', { threadId, toEntry: 0 });
    expect(rewound.removedEntries).toBe(entries.length);
    expect(await b.rpc.request('getThreadEntries', { threadId })).toMatchObject({ entries: [], turnRunning: false });

    const from = b.received.length;
    await b.rpc.request('chat/prompt', { chatId: threadId, message: 'again' });
    await b.until((params) => inThread(threadId, answers)(params) && b.received.indexOf(params) >= from);
    await a.rpc.request('thread/delete', { threadId });
    await b.until((params) => inThread(threadId, isTurnFinished)(params) && b.received.indexOf(params) >= from);
    const ended = b.received.slice(from).find(inThread(threadId, isTurnFinished));
    expect(ended?.content).toMatchObject({ outcome: 'stopped' });
    const listed = async (client: RelayClient) => (await client.rpc.request('getThreads', {})).threads.map((thread) => thread.id);
    expect(await listed(b)).not.toContain(threadId);
    expect(await listed(a)).not.toContain(threadId);
  });

  it('tells a tab on A of each thread B creates, renames, finishes and deletes, in its list and its inbox, once each', async () => {
    const a = await startMember('relay-a');
    const b = await startMember('relay-b');
    const updated = notifications<ThreadUpdatedParams>(a, 'thread/updated');
    const deleted = notifications<ThreadDeletedParams>(a, 'thread/deleted');
    const inbox = notifications<InboxList>(a, 'inbox/changed');

    const { threadId } = await b.rpc.request('createThread', null);
    await updated.until(({ thread }) => thread.id === threadId);
    await b.rpc.request('thread/rename', { threadId, title: 'Counting' });
    await updated.until(({ thread }) => thread.id === threadId && thread.title === 'Counting');

    // Only B's tab has the thread open: to A's tabs the turn ends unseen.
    await b.rpc.request('openThread', { threadId });
    await b.rpc.request('chat/prompt', { chatId: threadId, message: 'count' });
    await updated.until(({ thread }) => thread.id === threadId && thread.status === 'running');
    gates.at(-1)!.open();
    await inbox.until(({ items }) => items.some((item) => item.threadId === threadId && item.kind === 'turnEnded'));
    await updated.until(({ thread }) => thread.id === threadId && thread.status === 'idle');
    expect((await a.rpc.request('inbox/list', null)).items).toEqual([
      expect.objectContaining({ threadId, kind: 'turnEnded', threadTitle: 'Counting' }),
    ]);

    await b.rpc.request('thread/delete', { threadId });
    await deleted.until((params) => params.threadId === threadId);
    await inbox.until(({ items }) => items.length === 0);
    // What B tells comes in order: once A sees the next thread, no second word of the delete can follow.
    const next = await b.rpc.request('createThread', null);
    await updated.until(({ thread }) => thread.id === next.threadId);
    expect(deleted.got).toEqual([{ threadId }]);
    expect(updated.got.filter(({ thread }) => thread.id === next.threadId)).toHaveLength(1);
  });
});
