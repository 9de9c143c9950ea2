/**
 * A relay that stalls past its lease while another relay takes its thread over writes nothing
 * more into the thread: relay B runs a turn with a lease long enough never to be renewed during
 * the test; its lease is made to expire in the database (as a stalled relay's would), relay A takes
 * the thread over and closes the turn; then B's answer goes on. B's writes carry its old fencing
 * number and the store refuses them; B stops its turn, and neither the store nor any tab gets a
 * word of it after the takeover.
 */
import { describe, expect, it } from 'vitest';
import { isTurnFinished } from '../../../e2e/support/relay-client';
import type { SequencedContentReceivedParams } from '../../../lib/protocol/thread-events';
import { answers, inThread, useTeamOfRelays } from './testing/team-of-relays';

const TOKEN = 'team-fencing-token-'.padEnd(43, 'f');

describe('a relay that lost its lease', () => {
  const { gates, startMember, query, leaseOf } = useTeamOfRelays(TOKEN);

  it('writes nothing into the thread once another relay took it over, and stops its turn', async () => {
    // A sweeps for expired leases every 200 ms; B would renew its own only after 200 s.
    const a = await startMember('relay-a', { leaseMs: 600 });
    const b = await startMember('relay-b', { leaseMs: 600_000 });
    const { threadId } = await b.client.rpc.request('createThread', null);
    await a.client.rpc.request('openThread', { threadId });
    await b.client.rpc.request('openThread', { threadId });
    await b.client.rpc.request('chat/prompt', { chatId: threadId, message: 'count' });
    await a.client.until(inThread(threadId, answers));
    expect(await leaseOf(threadId)).toEqual({ relayId: 'relay-b', fencing: '1' });

    // B stalls (its answer is held) past its lease: A takes the thread over and closes the turn.
    await query(`UPDATE "ThreadLease" SET "expiresAt" = "expiresAt" - interval '1 day' WHERE "threadId" = $1`, [threadId]);
    const interrupted = ({ content }: SequencedContentReceivedParams) =>
      content.type === 'progress' && content.state === 'finished' && content.outcome === 'interrupted';
    await a.client.until(inThread(threadId, interrupted));
    await b.client.until(inThread(threadId, interrupted));
    const { events: atTakeover } = await a.client.rpc.request('getThreadEvents', { threadId, afterSeq: 0 });
    expect(atTakeover.at(-1)?.content).toMatchObject({ type: 'progress', state: 'finished', outcome: 'interrupted' });

    // B's answer goes on: what it writes is refused, and it stops the turn. A turn B finished
    // instead, whose end its tab would be told, is what happened without the fencing.
    const toldOnB = b.client.received.length;
    gates.at(-1)!.open();
    await Promise.race([
      b.logged((line) => line.startsWith('a turn ended with an unrecorded failure')),
      b.client.until((params) => inThread(threadId, isTurnFinished)(params) && b.client.received.indexOf(params) >= toldOnB),
    ]);
    expect(b.logs).toContainEqual(`the store refused a write to thread ${threadId} under fencing 1: another relay took the thread over`);
    expect(b.logs.find((line) => line.startsWith('a turn ended with an unrecorded failure'))).toContain(
      `Thread ${threadId} was taken over by another relay of the team (its lease is at fencing 2, this relay held it under 1)`,
    );

    // Nothing of B's after the takeover, in the store or in any tab.
    const { events } = await a.client.rpc.request('getThreadEvents', { threadId, afterSeq: 0 });
    expect(events).toEqual(atTakeover);
    const told = (received: SequencedContentReceivedParams[]) =>
      received.filter((params) => params.chatId === threadId).map((params) => params.seq);
    expect(told(a.client.received)).toEqual(events.map((event) => event.seq));
    expect(told(b.client.received)).toEqual(events.map((event) => event.seq));
  });
});
