/**
 * Prompts that race a thread's deletion: each gets a clear error, and no agent turn ever starts
 * in the thread once its deletion has begun. A real store; an agent that counts its turns.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AgentBackend, AgentTurn } from '../agents/agent-backend';
import { AgentRegistry } from '../agents/agent-registry';
import { openThreadStore } from '../store/prisma-thread-store';
import type { ThreadStore } from '../store/thread-store';
import { ThreadDeletingError, ThreadHub, UnknownThreadError } from './thread-hub';

/** Answers once, then waits until stopped: a turn that is running when the delete comes. */
class WaitingAgent implements AgentBackend {
  readonly info = { name: 'Waiting agent', model: 'test', offlineDemo: false };
  turnsStarted = 0;

  async runTurn(turn: AgentTurn): Promise<void> {
    this.turnsStarted += 1;
    await turn.emit({ type: 'text', text: 'working' });
    await new Promise<void>((resolve) => turn.signal.addEventListener('abort', () => resolve(), { once: true }));
  }

  async close(): Promise<void> {}
}

let folder: string;
let store: ThreadStore;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-hub-delete-'));
  store = await openThreadStore({ databaseFile: path.join(folder, 'baton.db') });
});

afterEach(async () => {
  await store.close();
  await rm(folder, { recursive: true, force: true });
});

function makeHub(agent: AgentBackend) {
  return new ThreadHub({ store, agents: AgentRegistry.builtinOnly(agent), broadcast: () => undefined, log: () => undefined });
}

it('refuses a prompt sent while its thread is being deleted, and starts no turn in it', async () => {
  const agent = new WaitingAgent();
  const hub = makeHub(agent);
  const thread = await hub.createThread();
  await hub.prompt(thread.id, 'first');
  const deleted = hub.deleteThread(thread.id);
  const raced = hub.prompt(thread.id, 'second');
  await expect(raced).rejects.toThrow(`Thread ${thread.id} is being deleted; nothing was sent to it.`);
  await expect(raced).rejects.toBeInstanceOf(UnknownThreadError);
  await deleted;
  await expect(hub.prompt(thread.id, 'third')).rejects.toThrow(`There is no thread ${thread.id}.`);
  expect(agent.turnsStarted).toBe(1);
  expect((await hub.listThreads()).threads).toEqual([]);
  expect(await store.getEventsAfter(thread.id, 0)).toEqual([]);
});

it('a prompt already being recorded when the delete comes is stopped before its agent starts', async () => {
  const agent = new WaitingAgent();
  const hub = makeHub(agent);
  const thread = await hub.createThread();
  // Opened first, so that the prompt below reaches the session before the delete begins.
  await hub.getSnapshot(thread.id);
  const prompted = hub.prompt(thread.id, 'racing');
  await Promise.resolve();
  await hub.deleteThread(thread.id);
  await prompted.catch((error: unknown) => expect(error).toBeInstanceOf(Error));
  expect(agent.turnsStarted).toBe(0);
  expect((await hub.listThreads()).threads).toEqual([]);
  expect(await store.getEventsAfter(thread.id, 0)).toEqual([]);
});

it('a second delete of the same thread while the first runs says so', async () => {
  const hub = makeHub(new WaitingAgent());
  const thread = await hub.createThread();
  await hub.prompt(thread.id, 'first');
  const first = hub.deleteThread(thread.id);
  await expect(hub.deleteThread(thread.id)).rejects.toBeInstanceOf(ThreadDeletingError);
  await first;
});
