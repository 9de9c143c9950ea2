/**
 * A closing relay waits for the tool calls a Stop left running (ThreadSession.leaveRunning), so
 * what they do is recorded before the store closes; a tool that never returns is waited for a
 * while only, so the relay still stops.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';
import type { AgentBackend, AgentTurn } from '../agents/agent-backend';
import { AgentRegistry } from '../agents/agent-registry';
import { openThreadStore } from '../store/prisma-thread-store';
import type { ThreadStore } from '../store/thread-store';
import { ThreadHub } from './thread-hub';

/** Starts a tool call the stop does not end, hands it to the hub, and ends its turn at Stop. */
class ToolLeftRunningAgent implements AgentBackend {
  readonly info = { name: 'Tool left running', model: 'test', offlineDemo: false };
  started!: () => void;
  readonly toolStarted = new Promise<void>((resolve) => (this.started = resolve));
  constructor(private readonly tool: Promise<unknown>) {}
  async runTurn(turn: AgentTurn): Promise<void> {
    turn.leaveRunning?.(this.tool);
    this.started();
    await new Promise((resolve) => turn.signal.addEventListener('abort', resolve, { once: true }));
  }
  async close(): Promise<void> {}
}

let folder: string;
let store: ThreadStore;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-close-tools-'));
  store = await openThreadStore({ databaseFile: path.join(folder, 'baton.db') });
});

afterEach(async () => {
  await store.close();
  await rm(folder, { recursive: true, force: true });
});

/** A hub, and a promise of its first finished turn. */
function hubFor(agent: AgentBackend, logged: string[], closeWaitForToolsMs?: number) {
  let finished: () => void = () => undefined;
  const turnFinished = new Promise<void>((resolve) => (finished = resolve));
  const hub = new ThreadHub({
    store,
    agents: AgentRegistry.builtinOnly(agent),
    broadcast: (_threadId: string, { content }: SequencedContentReceivedParams) => {
      if (content.type === 'progress' && content.state === 'finished') finished();
    },
    log: (message) => logged.push(message),
    closeWaitForToolsMs,
  });
  return { hub, turnFinished };
}

it('waits for a tool call a Stop left running before it closes', async () => {
  let finishTool: () => void = () => undefined;
  const agent = new ToolLeftRunningAgent(new Promise<void>((resolve) => (finishTool = resolve)));
  const logged: string[] = [];
  const { hub, turnFinished } = hubFor(agent, logged);
  const thread = await hub.createThread();
  void hub.prompt(thread.id, 'write the file', Promise.resolve({}));
  await agent.toolStarted;
  const order: string[] = [];
  const closing = hub.close().then(() => order.push('closed'));
  // The turn ends at the stop; everything else the close does has had its turn of the event loop.
  await turnFinished;
  await new Promise((resolve) => setImmediate(resolve));
  order.push('tool finished');
  finishTool();
  await closing;
  expect(order).toEqual(['tool finished', 'closed']);
  expect(logged.filter((line) => line.includes('still running'))).toEqual([]);
});

it('closes after a while, and says so, when a tool call left running never returns', async () => {
  const agent = new ToolLeftRunningAgent(new Promise(() => undefined));
  const logged: string[] = [];
  const { hub } = hubFor(agent, logged, 50);
  const thread = await hub.createThread();
  void hub.prompt(thread.id, 'hang', Promise.resolve({}));
  await agent.toolStarted;
  await hub.close();
  expect(logged).toContain(`closing with tool calls still running after 50 ms in threads ${thread.id}`);
});
