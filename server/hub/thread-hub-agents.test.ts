/**
 * Threads bound to configured agents: a thread keeps its agent, keeps the agent's session id for
 * a restart, is handed to another agent with its history, and an agent that goes away ends the
 * turn as interrupted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';
import { type AgentBackend, type AgentTurn, AgentUnavailableError } from '../agents/agent-backend';
import { AgentRegistry } from '../agents/agent-registry';
import type { AgentEntry } from '../agents/agents-config';
import { openThreadStore } from '../store/prisma-thread-store';
import type { ThreadStore } from '../store/thread-store';
import { ThreadHub } from './thread-hub';
import { ThreadBusyError } from './thread-session';

/** Answers with its name, and keeps the session id and history each turn was given. */
class NamedAgent implements AgentBackend {
  readonly turns: Array<{ agentSessionId?: string; history: readonly ThreadEntry[] }> = [];
  closedThreads: string[] = [];
  prepared = 0;
  constructor(
    readonly info: AgentBackend['info'],
    private readonly failWith?: Error,
  ) {}

  async runTurn(turn: AgentTurn): Promise<void> {
    this.turns.push({ agentSessionId: turn.agentSessionId, history: turn.history });
    await turn.emit({ type: 'text', text: `${this.info.name} here.` });
    if (this.failWith) throw this.failWith;
    if (!turn.agentSessionId) await turn.saveAgentSession(`${this.info.name}-session`);
  }
  async closeThread(threadId: string): Promise<void> {
    this.closedThreads.push(threadId);
  }
  prepare(): void {
    this.prepared += 1;
  }
  async close(): Promise<void> {}
}

let folder: string;
let store: ThreadStore;
let broadcasts: SequencedContentReceivedParams[];

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-hub-agents-'));
  store = await openThreadStore({ databaseFile: path.join(folder, 'baton.db') });
  broadcasts = [];
});

afterEach(async () => {
  await store.close();
  await rm(folder, { recursive: true, force: true });
});

/** An Error in place of an agent is what its factory throws: an agent that cannot be started. */
function makeHub(agents: Record<string, AgentBackend | Error>) {
  const builtin = new NamedAgent({ name: 'Builtin', model: 'm', offlineDemo: false });
  const registry = new AgentRegistry({
    entries: new Map<string, AgentEntry>([
      ['builtin', { kind: 'builtin' }],
      ...Object.keys(agents).map((name): [string, AgentEntry] => [name, { kind: 'acp', command: name, args: [], env: {}, passEnv: [] }]),
    ]),
    defaultAgent: 'builtin',
    builtin,
    context: { workspace: undefined as never, env: {}, policy: undefined as never, log: () => undefined },
    factories: {
      acp: (_entry, context) => {
        const agent = agents[context.name]!;
        if (agent instanceof Error) throw agent;
        return agent;
      },
    },
  });
  const hub = new ThreadHub({ store, agents: registry, broadcast: (_id, params) => broadcasts.push(params), log: () => undefined });
  return { hub, builtin, registry };
}

async function untilTurnsFinished(count: number): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const finished = broadcasts.filter((params) => params.content.type === 'progress' && params.content.state === 'finished');
    if (finished.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`fewer than ${count} turns finished`);
}

const texts = (entries: readonly ThreadEntry[]) =>
  entries.flatMap((entry) => (entry.type === 'message' ? [`${entry.role}: ${entry.chunks.map((chunk) => chunk.chunk).join('')}`] : []));

describe('ThreadHub with configured agents', () => {
  it('binds a new thread to the chosen agent, refuses an unknown one, and lists the agent', async () => {
    const claude = new NamedAgent({ name: 'Claude', model: '', offlineDemo: false });
    const { hub } = makeHub({ claude });
    const thread = await hub.createThread('claude');
    expect(thread.agent).toBe('claude');
    await expect(hub.createThread('nobody')).rejects.toThrow(/no agent named "nobody"/);
    expect((await hub.listThreads()).threads.map((listed) => listed.agent)).toEqual(['claude']);
    await hub.prompt(thread.id, 'hello');
    await untilTurnsFinished(1);
    expect(texts(await hub.getEntries(thread.id))).toEqual(['user: hello', 'assistant: Claude here.']);
  });

  it("gets a thread's agent ready when a tab opens the thread, without starting an agent that is not running", async () => {
    const claude = new NamedAgent({ name: 'Claude', model: '', offlineDemo: false });
    const { hub, builtin, registry } = makeHub({ claude });
    const builtinThread = await hub.createThread();
    await hub.getSnapshot(builtinThread.id, { limit: 0 });
    hub.prepareAgent(builtinThread.id);
    expect(builtin.prepared).toBe(1);

    const claudeThread = await hub.createThread('claude');
    await hub.getSnapshot(claudeThread.id, { limit: 0 });
    hub.prepareAgent(claudeThread.id);
    expect(registry.startedBackends().has('claude')).toBe(false);
    expect(claude.prepared).toBe(0);

    await hub.prompt(claudeThread.id, 'hello');
    await untilTurnsFinished(1);
    hub.prepareAgent(claudeThread.id);
    expect(claude.prepared).toBe(1);
    expect(builtin.prepared).toBe(1);
  });

  it("keeps the agent's session id with the thread and gives it back after a restart", async () => {
    const claude = new NamedAgent({ name: 'Claude', model: '', offlineDemo: false });
    const first = makeHub({ claude });
    const thread = await first.hub.createThread('claude');
    await first.hub.prompt(thread.id, 'one');
    await untilTurnsFinished(1);
    expect((await store.getThread(thread.id))?.agentSessionId).toBe('Claude-session');

    const restarted = makeHub({ claude });
    await restarted.hub.prompt(thread.id, 'two');
    await untilTurnsFinished(2);
    expect(claude.turns.map((turn) => turn.agentSessionId)).toEqual([undefined, 'Claude-session']);
  });

  it('hands a thread to another agent, which gets the history and no old session; the thread shows where', async () => {
    const claude = new NamedAgent({ name: 'Claude', model: '', offlineDemo: false });
    const gemini = new NamedAgent({ name: 'Gemini', model: '', offlineDemo: false });
    const { hub } = makeHub({ claude, gemini });
    const thread = await hub.createThread('claude');
    await hub.prompt(thread.id, 'start');
    await untilTurnsFinished(1);

    await hub.handOver(thread.id, 'gemini');
    expect(claude.closedThreads).toEqual([thread.id]);
    await hub.prompt(thread.id, 'go on');
    await untilTurnsFinished(2);

    expect(gemini.turns[0]?.agentSessionId).toBeUndefined();
    expect(texts(gemini.turns[0]!.history)).toEqual(['user: start', 'assistant: Claude here.']);
    const entries = await store.getEntries(thread.id);
    expect(entries.find((entry) => entry.type === 'handOver')).toEqual({ type: 'handOver', from: 'claude', to: 'gemini' });
    expect(texts(entries)).toEqual(['user: start', 'assistant: Claude here.', 'user: go on', 'assistant: Gemini here.']);
    expect((await store.getThread(thread.id))?.agent).toBe('gemini');
  });

  it('refuses a hand-over while a turn runs', async () => {
    let release: () => void = () => undefined;
    const slow: AgentBackend = {
      info: { name: 'Slow', model: '', offlineDemo: false },
      runTurn: () => new Promise<void>((resolve) => (release = resolve)),
      close: async () => undefined,
    };
    const { hub } = makeHub({ slow, other: new NamedAgent({ name: 'Other', model: '', offlineDemo: false }) });
    const thread = await hub.createThread('slow');
    await hub.prompt(thread.id, 'wait');
    await expect(hub.handOver(thread.id, 'other')).rejects.toBeInstanceOf(ThreadBusyError);
    release();
    await untilTurnsFinished(1);
  });

  it('ends the turn as interrupted, with the reason, when the agent goes away', async () => {
    const dying = new NamedAgent({ name: 'Dying', model: '', offlineDemo: false }, new AgentUnavailableError('dying exited with code 3.'));
    const { hub } = makeHub({ dying });
    const thread = await hub.createThread('dying');
    await hub.prompt(thread.id, 'go');
    await untilTurnsFinished(1);
    const entries = await hub.getEntries(thread.id);
    expect(texts(entries).at(-1)).toContain('The turn was interrupted:** dying exited with code 3.');
    const finished = broadcasts.find((params) => params.content.type === 'progress' && params.content.state === 'finished');
    expect(finished?.content).toMatchObject({ text: 'Interrupted' });
  });

  it('records a turn whose agent cannot be started as interrupted, saying why, and keeps the prompt', async () => {
    const { hub } = makeHub({ broken: new AgentUnavailableError('broken could not start: the command "nope" was not found.') });
    const thread = await hub.createThread('broken');
    await hub.prompt(thread.id, 'go');
    await untilTurnsFinished(1);
    expect(texts(await hub.getEntries(thread.id))).toEqual([
      'user: go',
      'assistant: \n\n**The turn was interrupted:** broken could not start: the command "nope" was not found.',
    ]);
  });

  it('gives a new thread the default agent', async () => {
    const { hub } = makeHub({});
    expect((await hub.createThread()).agent).toBe('builtin');
  });
});
