/**
 * What the thread says of a turn the relay's close cut short: its open tool call and the turn
 * itself are "interrupted" because the relay was stopped, not "stopped by the user" as after a
 * Stop, which the same turn records when someone presses it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AgentBackend, AgentTurn } from '../agents/agent-backend';
import { AgentRegistry } from '../agents/agent-registry';
import { openThreadStore } from '../store/prisma-thread-store';
import type { ThreadStore } from '../store/thread-store';
import { ThreadHub } from './thread-hub';

/** Asks to write a file and waits for the answer, which a stop or a close turns into a rejection. */
class WaitingForApprovalAgent implements AgentBackend {
  readonly info = { name: 'Waiting agent', model: 'test', offlineDemo: false };
  asked!: () => void;
  readonly waiting = new Promise<void>((resolve) => (this.asked = resolve));
  async runTurn(turn: AgentTurn): Promise<void> {
    const call = { origin: 'native', id: 'call-1', name: 'write_file', server: 'builtin' } as const;
    await turn.emit({ type: 'toolCallRun', ...call, arguments: { path: 'a.md' }, manualApproval: true });
    this.asked();
    await turn.awaitApproval(call.id);
  }
  async close(): Promise<void> {}
}

let folder: string;
let store: ThreadStore;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-close-record-'));
  store = await openThreadStore({ databaseFile: path.join(folder, 'baton.db') });
});

afterEach(async () => {
  await store.close();
  await rm(folder, { recursive: true, force: true });
});

/** Runs a turn up to its question, ends it with `end`, and answers what the thread then holds. */
async function endTurnWaitingForApproval(end: (hub: ThreadHub, threadId: string) => Promise<void>) {
  const agent = new WaitingForApprovalAgent();
  const hub = new ThreadHub({ store, agents: AgentRegistry.builtinOnly(agent), broadcast: () => undefined, log: () => undefined });
  const thread = await hub.createThread();
  const turn = hub.prompt(thread.id, 'write a.md', Promise.resolve({}));
  await agent.waiting;
  await end(hub, thread.id);
  await turn;
  await hub.close();
  const entries = await store.getEntries(thread.id);
  const call = entries.find((entry) => entry.type === 'toolCall');
  const said = entries.flatMap((entry) => (entry.type === 'message' ? [JSON.stringify(entry)] : []));
  const outcome = (await store.getLastEvent(thread.id, 'progress'))?.content;
  return { call, said: said.join('\n'), outcome };
}

it("a turn the relay's close cut short is interrupted by the close, on its open call and in the thread", async () => {
  const { call, said, outcome } = await endTurnWaitingForApproval((hub) => hub.close());
  expect(call).toMatchObject({ status: 'failed', outputText: 'Interrupted: The relay was stopped while this turn ran.' });
  expect(said).toContain('The turn was interrupted:** The relay was stopped while this turn ran.');
  expect(said).not.toContain('Stopped by the user');
  expect(outcome).toMatchObject({ type: 'progress', state: 'finished', outcome: 'interrupted' });
});

it('a turn someone stopped says so, as before', async () => {
  const { call, said, outcome } = await endTurnWaitingForApproval((hub, threadId) => hub.stop(threadId));
  expect(call).toMatchObject({ status: 'failed', outputText: 'Interrupted: Stopped by the user.' });
  expect(said).not.toContain('The relay was stopped');
  expect(outcome).toMatchObject({ type: 'progress', state: 'finished', outcome: 'stopped' });
});
