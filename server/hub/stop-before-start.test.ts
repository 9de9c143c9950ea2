import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';
import type { AgentBackend, AgentTurn } from '../agents/agent-backend';
import { AgentRegistry } from '../agents/agent-registry';
import { openThreadStore } from '../store/prisma-thread-store';
import type { ThreadStore } from '../store/thread-store';
import type { PromptOptions } from './thread-session';
import { ThreadHub } from './thread-hub';

/** Counts its turns; each answers one word. */
class CountingAgent implements AgentBackend {
  readonly info = { name: 'Counting agent', model: 'test', offlineDemo: false };
  turns = 0;
  async runTurn(turn: AgentTurn): Promise<void> {
    this.turns += 1;
    await turn.emit({ type: 'text', text: 'Answered.' });
  }
  async close(): Promise<void> {}
}

let folder: string;
let store: ThreadStore;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-stop-early-'));
  store = await openThreadStore({ databaseFile: path.join(folder, 'baton.db') });
});

afterEach(async () => {
  await store.close();
  await rm(folder, { recursive: true, force: true });
});

/** A hub and a promise of the next finished progress it broadcasts. */
function hubWithFinish(agent: AgentBackend) {
  let finished: (outcome: unknown) => void = () => undefined;
  const turnFinished = new Promise<unknown>((resolve) => (finished = resolve));
  const broadcast = (_threadId: string, { content }: SequencedContentReceivedParams) => {
    if (content.type === 'progress' && content.state === 'finished') finished(content.outcome);
  };
  return { hub: new ThreadHub({ store, agents: AgentRegistry.builtinOnly(agent), broadcast, log: () => undefined }), turnFinished };
}

it('a Stop that comes while the prompt is still on its way stops its turn before the agent runs', async () => {
  const agent = new CountingAgent();
  const { hub, turnFinished } = hubWithFinish(agent);
  const thread = await hub.createThread();
  // The options (the model, chosen once the agent has started) are not known yet when Stop comes.
  let chooseOptions: (options: PromptOptions) => void = () => undefined;
  const options = new Promise<PromptOptions>((resolve) => (chooseOptions = resolve));
  const prompted = hub.prompt(thread.id, 'hello', options);
  await hub.stop(thread.id);
  chooseOptions({});
  await prompted;
  expect(await turnFinished).toBe('stopped');
  expect(agent.turns).toBe(0);
  const entries = await store.getEntries(thread.id);
  expect(entries.some((entry) => entry.type === 'message' && JSON.stringify(entry).includes('hello'))).toBe(true);
  expect(await hub.isRunning(thread.id)).toBe(false);
});

it('a Stop before any prompt is not kept for a later one', async () => {
  const agent = new CountingAgent();
  const { hub, turnFinished } = hubWithFinish(agent);
  const thread = await hub.createThread();
  await hub.stop(thread.id);
  await hub.prompt(thread.id, 'hello');
  expect(await turnFinished).toBe('done');
  expect(agent.turns).toBe(1);
});

it("the hub's close stops a prompt still on its way before the agent runs, and refuses prompts after it", async () => {
  const agent = new CountingAgent();
  const { hub, turnFinished } = hubWithFinish(agent);
  const thread = await hub.createThread();
  let chooseOptions: (options: PromptOptions) => void = () => undefined;
  const options = new Promise<PromptOptions>((resolve) => (chooseOptions = resolve));
  const prompted = hub.prompt(thread.id, 'hello', options);
  const closed = hub.close();
  chooseOptions({});
  await prompted;
  await closed;
  expect(await turnFinished).toBe('stopped');
  expect(agent.turns).toBe(0);
  await expect(hub.prompt(thread.id, 'too late')).rejects.toThrow('The relay is stopping: no new turn starts.');
  expect(agent.turns).toBe(0);
});
