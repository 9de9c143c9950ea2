/**
 * A steer and a hand-over sent to relay A for a thread whose turn runs on relay B: the steer
 * reaches B's turn, which takes it at its next model request, and every tab sees it as the user's
 * message there; the hand-over is refused as B refuses it while its turn runs, and once the turn
 * ended it is made, every tab sees it, and the next prompt, on B, runs with the new agent.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTurnFinished } from '../../../e2e/support/relay-client';
import { BatonErrorCodes } from '../../../lib/protocol/baton-protocol';
import type { SequencedContentReceivedParams } from '../../../lib/protocol/thread-events';
import type { ModelScript } from '../../demo-model/scripted-reply';
import { createGate, type Gate } from '../../demo-model/testing/gate';
import { answers, heldAnswer, inThread, TEAM_ANSWER, useTeamOfRelays } from './testing/team-of-relays';

const TOKEN = 'team-steering-token-'.padEnd(43, 's');
const STEER = 'Count backwards too.';
const STEERED = 'Ten nine eight, and so on.';

/**
 * A prompt is answered with TEAM_ANSWER, held half-way, then a read of notes.md; after the read
 * (where the built-in agent hands a steer message on), with STEERED. Other prompts: heldAnswer.
 */
function readThenAnswer(gates: Gate[]): ModelScript {
  const held = heldAnswer(gates);
  return (request, context) => {
    const last = request.messages.at(-1);
    const afterRead = Array.isArray(last?.content) && last.content.some((block) => block.type === 'tool_result');
    if (afterRead) return { blocks: [{ type: 'text', text: STEERED }] };
    const prompt = JSON.stringify(last?.content);
    if (!prompt.includes('read the notes')) return held(request, context);
    const gate = createGate();
    gates.push(gate);
    return {
      blocks: [
        { type: 'text', text: TEAM_ANSWER },
        { type: 'tool_use', name: 'read_file', input: { path: 'notes.md' } },
      ],
      beforeDelta: (index) => (index === 2 ? gate.promise : undefined),
    };
  };
}

describe('a steer and a hand-over sent to a relay that does not run the thread', () => {
  const team = useTeamOfRelays(TOKEN, readThenAnswer);
  const { gates, startMember, leaseOf } = team;
  const extraAgents = [{ name: 'second', entry: { kind: 'builtin' as const, label: 'Second' } }];

  it("reaches the turn on relay B, which every tab then shows as the user's message", async () => {
    const a = await startMember('relay-a');
    const b = await startMember('relay-b');
    await writeFile(path.join(path.dirname(b.relay.dataDir), 'notes.md'), 'Count to ten.\n');
    const { threadId } = await b.client.rpc.request('createThread', null);
    await a.client.rpc.request('openThread', { threadId });
    await b.client.rpc.request('openThread', { threadId });
    await b.client.rpc.request('chat/prompt', { chatId: threadId, message: 'read the notes' });
    await a.client.until(inThread(threadId, answers));

    // A runs no turn in the thread: only B's can take the message.
    await expect(a.client.rpc.request('thread/steer', { threadId, text: STEER })).resolves.toEqual({});
    gates.at(-1)!.open();
    const steered = ({ role, content }: SequencedContentReceivedParams) =>
      role === 'user' && content.type === 'text' && content.text === STEER;
    for (const tab of [a.client, b.client]) {
      await tab.until(inThread(threadId, isTurnFinished));
      const told = tab.received.filter((params) => params.chatId === threadId);
      const steerAt = told.findIndex(steered);
      const answerAt = told.findIndex(({ content }) => content.type === 'text' && content.text.includes('Ten'));
      expect({ steered: steerAt >= 0, answeredAfter: answerAt > steerAt }).toEqual({ steered: true, answeredAfter: true });
    }
    // The model was sent it with the read's result.
    const lastRequest = team.model.requests.at(-1);
    expect(lastRequest?.messages.at(-1)?.content).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'text', text: STEER })]));
  });

  it("is refused as relay B refuses it while B's turn runs, and made once it ended, the next prompt running with the new agent", async () => {
    const a = await startMember('relay-a', { extraAgents });
    const b = await startMember('relay-b', { extraAgents });
    const { threadId } = await b.client.rpc.request('createThread', { agent: 'builtin' });
    await a.client.rpc.request('openThread', { threadId });
    await b.client.rpc.request('openThread', { threadId });
    await b.client.rpc.request('chat/prompt', { chatId: threadId, message: 'count' });
    await a.client.until(inThread(threadId, answers));

    await expect(a.client.rpc.request('thread/handOver', { threadId, agent: 'second' })).rejects.toMatchObject({
      code: BatonErrorCodes.ThreadBusy,
      message: `A turn is already running in thread ${threadId}; stop it or wait for it to finish.`,
    });
    gates.at(-1)!.open();
    await a.client.until(inThread(threadId, isTurnFinished));
    await b.client.until(inThread(threadId, isTurnFinished));

    await expect(a.client.rpc.request('thread/handOver', { threadId, agent: 'second' })).resolves.toEqual({ agent: 'second' });
    const handedOver = ({ content }: SequencedContentReceivedParams) =>
      content.type === 'handOver' && content.from === 'builtin' && content.to === 'second';
    await a.client.until(inThread(threadId, handedOver));
    await b.client.until(inThread(threadId, handedOver));
    expect(await leaseOf(threadId)).toEqual({ relayId: '', fencing: '2' });

    // B ran the thread with the built-in agent: its next turn there is the second agent's, and
    // every tab's list says so.
    const from = b.client.received.length;
    const later = (predicate: (params: SequencedContentReceivedParams) => boolean) => (params: SequencedContentReceivedParams) =>
      inThread(threadId, predicate)(params) && b.client.received.indexOf(params) >= from;
    await b.client.rpc.request('chat/prompt', { chatId: threadId, message: 'again' });
    await b.client.until(later(answers));
    // What A's tab reads of the thread mid-turn is B's, and B read the hand-over A made.
    const midTurn = await a.client.rpc.request('getThreadEntries', { threadId });
    expect(midTurn.turnRunning).toBe(true);
    expect(midTurn.entries).toContainEqual({ type: 'handOver', from: 'builtin', to: 'second' });
    gates.at(-1)!.open();
    await b.client.until(later(isTurnFinished));
    expect(b.client.received.find(later(isTurnFinished))?.content).toMatchObject({ outcome: 'done' });
    for (const tab of [a.client, b.client]) {
      expect((await tab.rpc.request('getThreads', {})).threads.find((thread) => thread.id === threadId)?.agent).toBe('second');
    }
  });
});
