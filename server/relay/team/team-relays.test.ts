/**
 * Two relays of a team on one PostgreSQL database and one Redis server: a tab on relay A watching
 * a thread sees, live, the turn a tab on relay B started there; a prompt and a Stop sent to A for
 * that thread reach B, whose answers A's tab gets; the next prompt runs on A once B let the thread
 * go; and a relay refuses team options that cannot work, saying why.
 */
import { describe, expect, it } from 'vitest';
import { isTurnFinished } from '../../../e2e/support/relay-client';
import { BatonErrorCodes } from '../../../lib/protocol/baton-protocol';
import type { SequencedContentReceivedParams } from '../../../lib/protocol/thread-events';
import { startTestRelay } from '../testing/relay-support';
import { startTemporaryRedis } from './temporary-redis';
import { parseTeamOptions } from './team-options';
import { answers, useTeamOfRelays } from './testing/team-of-relays';

const TOKEN = 'team-relay-token-'.padEnd(43, 't');

describe('a team of relays', () => {
  const team = useTeamOfRelays(TOKEN);
  const { gates, startMember, leaseOf } = team;

  it("shows a tab on relay A the turn running on relay B, live, piece by piece as B's tab sees it", async () => {
    const a = await startMember('relay-a');
    const b = await startMember('relay-b');
    const { threadId } = await b.client.rpc.request('createThread', null);
    await a.client.rpc.request('openThread', { threadId });
    await b.client.rpc.request('openThread', { threadId });
    await b.client.rpc.request('chat/prompt', { chatId: threadId, message: 'count' });

    // The answer is held half-way: what A's tab has by then came while the turn ran.
    await a.client.until(answers);
    expect(a.client.received.some(isTurnFinished)).toBe(false);
    gates.at(-1)!.open();
    await a.client.until(isTurnFinished);
    await b.client.until(isTurnFinished);

    const told = (received: typeof a.client.received) =>
      received.filter((params) => params.chatId === threadId).map((params) => params.seq);
    expect(told(a.client.received)).toEqual(told(b.client.received));
    const { events } = await b.client.rpc.request('getThreadEvents', { threadId, afterSeq: 0 });
    expect(told(a.client.received)).toEqual(events.map((event) => event.seq));
  });

  it('forwards a prompt and a Stop sent to relay A to relay B, which runs the thread, and runs the next prompt on A once B let it go', async () => {
    const a = await startMember('relay-a');
    const b = await startMember('relay-b');
    const { threadId } = await b.client.rpc.request('createThread', null);
    await a.client.rpc.request('openThread', { threadId });
    await b.client.rpc.request('openThread', { threadId });
    const inThread = (predicate: (params: SequencedContentReceivedParams) => boolean) => (params: SequencedContentReceivedParams) =>
      params.chatId === threadId && predicate(params);
    await b.client.rpc.request('chat/prompt', { chatId: threadId, message: 'count' });
    await a.client.until(inThread(answers));
    expect(await leaseOf(threadId)).toEqual({ relayId: 'relay-b', fencing: '1' });

    // B answers A's prompt: its turn is running.
    await expect(a.client.rpc.request('chat/prompt', { chatId: threadId, message: 'me too' })).rejects.toMatchObject({
      code: BatonErrorCodes.ThreadBusy,
      message: `A turn is already running in thread ${threadId}; stop it or wait for it to finish.`,
    });
    // A's Stop stops B's turn, which lets the thread go.
    a.client.rpc.notify('chat/promptStop', { chatId: threadId });
    await a.client.until(inThread(isTurnFinished));
    expect(a.client.received.find(inThread(isTurnFinished))?.content).toMatchObject({ outcome: 'stopped' });
    await b.client.until(inThread(isTurnFinished));

    // What each tab is told from here on is the next turn's.
    const later = (received: SequencedContentReceivedParams[], predicate: (params: SequencedContentReceivedParams) => boolean) => {
      const from = received.length;
      return (params: SequencedContentReceivedParams) => inThread(predicate)(params) && received.indexOf(params) >= from;
    };
    const [answeredOnB, finishedOnA, finishedOnB] = [
      later(b.client.received, answers),
      later(a.client.received, isTurnFinished),
      later(b.client.received, isTurnFinished),
    ];
    await a.client.rpc.request('chat/prompt', { chatId: threadId, message: 'again' });
    await b.client.until(answeredOnB);
    expect(await leaseOf(threadId)).toEqual({ relayId: 'relay-a', fencing: '2' });
    gates.at(-1)!.open();
    await a.client.until(finishedOnA);
    await b.client.until(finishedOnB);
    expect(await leaseOf(threadId)).toEqual({ relayId: '', fencing: '2' });

    // Both turns, one after the other in the store, numbered without a gap; both tabs were told each event once.
    const { events } = await a.client.rpc.request('getThreadEvents', { threadId, afterSeq: 0 });
    expect(events.map((event) => event.seq)).toEqual(events.map((_event, index) => index + 1));
    const told = (received: SequencedContentReceivedParams[]) =>
      received.filter((params) => params.chatId === threadId).map((params) => params.seq);
    expect(told(a.client.received)).toEqual(events.map((event) => event.seq));
    expect(told(b.client.received)).toEqual(events.map((event) => event.seq));
  });

  it('refuses a team on SQLite, a URL that is not Redis, and a Redis server that cannot be reached', async () => {
    await expect(startTestRelay({ team: { redisUrl: team.redisUrl, relayId: 'lonely' } })).rejects.toThrow(
      'a team of relays (--redis) keeps its threads on PostgreSQL: give --database postgresql://…',
    );
    expect(() => parseTeamOptions('http://127.0.0.1:6379', undefined)).toThrow(
      '--redis must be a redis:// or rediss:// URL, not "http://127.0.0.1:6379"',
    );
    expect(() => parseTeamOptions('redis://127.0.0.1:6379', 'two words')).toThrow('--relay-id must be 1 to 64 letters');
    expect(() => parseTeamOptions(undefined, 'relay-a')).toThrow('--relay-id names a relay of a team: it needs --redis as well');
    expect(parseTeamOptions(undefined, undefined)).toBeUndefined();

    const stopped = await startTemporaryRedis();
    await stopped.stop();
    await expect(
      startTestRelay({ token: TOKEN, databaseUrl: team.databaseUrl, team: { redisUrl: stopped.url, relayId: 'cut-off' } }),
    ).rejects.toThrow(`could not reach Redis at ${stopped.url}`);
  });
});
