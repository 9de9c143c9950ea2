/**
 * Two relays of a team, each tab on one of them seeing every thread as it stands whichever relay
 * runs it: a thread opened on A while B runs it (and after) shows every entry and whether its turn
 * runs; a rewind and a delete sent to A act on B's thread; B's threads appear, change and go in
 * A's thread list, and B's finished turn in A's inbox until a tab on either relay saw it.
 */
import { describe, expect, it } from 'vitest';
import { isTurnFinished, type RelayClient } from '../../../e2e/support/relay-client';
import { BatonErrorCodes } from '../../../lib/protocol/baton-protocol';
import type { InboxList } from '../../../lib/protocol/inbox';
import type { ThreadDeletedParams, ThreadUpdatedParams } from '../../../lib/protocol/thread-list-methods';
import { answers, inThread, useTeamOfRelays } from './testing/team-of-relays';

const TOKEN = 'team-views-token-'.padEnd(43, 't');

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
  const { gates, startMember: startRelay } = useTeamOfRelays(TOKEN);
  const startMember = async (relayId: string) => (await startRelay(relayId)).client;

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

    // Only B's tab had the thread open, and it moved to another before the turn ended: unseen on every relay.
    await b.rpc.request('openThread', { threadId });
    await b.rpc.request('chat/prompt', { chatId: threadId, message: 'count' });
    await updated.until(({ thread }) => thread.id === threadId && thread.status === 'running');
    // The model holds this answer half-way once it has begun it: its gate exists from then on.
    await b.until(inThread(threadId, answers));
    await b.rpc.request('openThread', { threadId: (await b.rpc.request('createThread', null)).threadId });
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

  it("lists a turn's end in no relay's inbox once a tab on any relay saw it, as it ended or later", async () => {
    const a = await startMember('relay-a');
    const b = await startMember('relay-b');
    const updatedOnA = notifications<ThreadUpdatedParams>(a, 'thread/updated');
    const updatedOnB = notifications<ThreadUpdatedParams>(b, 'thread/updated');
    const inboxOnA = notifications<InboxList>(a, 'inbox/changed');
    const inboxOnB = notifications<InboxList>(b, 'inbox/changed');
    const inInbox = async (client: RelayClient) => (await client.rpc.request('inbox/list', null)).items.map((item) => item.threadId);
    const endedIn = (threadId: string) => (list: InboxList) => list.items.some((item) => item.threadId === threadId);

    // Seen as it ends: A's tab has the thread open, B's does not.
    const seen = await a.rpc.request('createThread', null);
    await a.rpc.request('openThread', { threadId: seen.threadId });
    await a.rpc.request('chat/prompt', { chatId: seen.threadId, message: 'count' });
    await a.until(inThread(seen.threadId, answers));
    gates.at(-1)!.open();
    await a.until(inThread(seen.threadId, isTurnFinished));
    // A rename is told after the seen mark, in the order A sent them: once B has it, B has the mark.
    await a.rpc.request('thread/rename', { threadId: seen.threadId, title: 'Seen on A' });
    await updatedOnB.until(({ thread }) => thread.id === seen.threadId && thread.title === 'Seen on A');
    expect(await inInbox(b)).not.toContain(seen.threadId);
    expect(await inInbox(a)).not.toContain(seen.threadId);

    // Seen later: the turn ends with no tab on it (A's tab moved to the other thread), then B's tab opens it.
    const later = await a.rpc.request('createThread', null);
    await a.rpc.request('openThread', { threadId: later.threadId });
    await a.rpc.request('chat/prompt', { chatId: later.threadId, message: 'count' });
    await a.until(inThread(later.threadId, answers));
    await a.rpc.request('openThread', { threadId: seen.threadId });
    gates.at(-1)!.open();
    await inboxOnA.until(endedIn(later.threadId));
    await inboxOnB.until(endedIn(later.threadId));
    await b.rpc.request('openThread', { threadId: later.threadId });
    await b.rpc.request('thread/rename', { threadId: later.threadId, title: 'Seen on B' });
    await updatedOnA.until(({ thread }) => thread.id === later.threadId && thread.title === 'Seen on B');
    expect(await inInbox(a)).not.toContain(later.threadId);
    expect(await inInbox(b)).not.toContain(later.threadId);
  });
});
