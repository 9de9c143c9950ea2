import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SequencedContentReceivedParams as ChatContentReceivedParams } from '../../lib/protocol/thread-events';
import type { AgentBackend, AgentTurn } from '../agents/agent-backend';
import { openThreadStore } from '../store/prisma-thread-store';
import type { EventBatch, ThreadStore } from '../store/thread-store';
import { AgentRegistry } from '../agents/agent-registry';
import { NEW_THREAD_TITLE, ThreadHub } from './thread-hub';
import { ThreadBusyError } from './thread-session';

/** A test peer behind the real interface: says a word, then asks to write a file. */
class AskingAgent implements AgentBackend {
  readonly info = { name: 'Test agent', model: 'test', offlineDemo: false };
  decisions: string[] = [];
  turnStarted?: () => void;

  async runTurn(turn: AgentTurn): Promise<void> {
    this.turnStarted?.();
    await turn.emit({ type: 'text', text: 'Let me write.' });
    const call = { origin: 'native', id: `call-${turn.history.length}`, name: 'write_file', server: 'builtin' } as const;
    await turn.emit({ type: 'toolCallRun', ...call, arguments: { path: 'a.md' }, manualApproval: true });
    const { decision } = await turn.awaitApproval(call.id);
    this.decisions.push(decision);
    if (decision === 'rejected') {
      await turn.emit({ type: 'toolCallRejected', ...call, arguments: {}, reason: 'user-choice' });
      return;
    }
    await turn.emit({ type: 'toolCalled', ...call, arguments: {}, error: false, outputs: [{ type: 'text', text: 'ok' }] });
    await turn.emit({ type: 'text', text: 'Done.' });
  }

  async close(): Promise<void> {}
}

class FailingAgent implements AgentBackend {
  readonly info = { name: 'Failing agent', model: 'test', offlineDemo: false };
  async runTurn(turn: AgentTurn): Promise<void> {
    await turn.emit({ type: 'text', text: 'Starting' });
    throw new Error('model unreachable');
  }
  async close(): Promise<void> {}
}

let folder: string;
let store: ThreadStore;
let broadcasts: ChatContentReceivedParams[];

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-hub-'));
  store = await openThreadStore({ databaseFile: path.join(folder, 'baton.db') });
  broadcasts = [];
});

afterEach(async () => {
  await store.close();
  await rm(folder, { recursive: true, force: true });
});

function makeHub(agent: AgentBackend) {
  return new ThreadHub({
    store,
    agents: AgentRegistry.builtinOnly(agent),
    broadcast: (_id, params) => broadcasts.push(params),
    log: () => undefined,
  });
}

/** Resolves when the hub has broadcast a content matching the predicate. */
async function untilBroadcast(predicate: (params: ChatContentReceivedParams) => boolean): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    if (broadcasts.some(predicate)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the expected content was never broadcast');
}

const turnFinished = (params: ChatContentReceivedParams) => params.content.type === 'progress' && params.content.state === 'finished';
const waitingApproval = (params: ChatContentReceivedParams) => params.content.type === 'toolCallRun' && params.content.manualApproval;

describe('ThreadHub', () => {
  it('records the prompt, the answer and an approved tool call, names the thread, and stores it all', async () => {
    const agent = new AskingAgent();
    const hub = makeHub(agent);
    const thread = await hub.createThread();
    expect(thread.title).toBe(NEW_THREAD_TITLE);
    await hub.prompt(thread.id, 'Write a file for me\nplease');
    await untilBroadcast(waitingApproval);
    expect(await hub.approve(thread.id, 'call-0')).toBe(true);
    await untilBroadcast(turnFinished);

    const stored = await store.getEntries(thread.id);
    expect(stored).toEqual(await hub.getEntries(thread.id));
    expect(stored.map((entry) => (entry.type === 'toolCall' ? entry.status : entry.type === 'message' ? entry.role : entry.type))).toEqual([
      'user',
      'assistant',
      'succeeded',
      'assistant',
      'turnSummary',
    ]);
    expect(stored.find((entry) => entry.type === 'toolCall')).toMatchObject({ approval: { decision: 'approved', by: 'user-once' } });
    expect(stored.at(-1)).toEqual({ type: 'turnSummary', outcome: 'done' });
    expect((await store.getThread(thread.id))?.title).toBe('Write a file for me');
    expect(broadcasts.map((params) => params.content.type)).toContain('metadata');
  });

  it("names a thread after its first prompt only: a title its user gives it later, even 'New thread', stays", async () => {
    const agent = new AskingAgent();
    const hub = makeHub(agent);
    const thread = await hub.createThread();
    const answerTurn = async (message: string) => {
      broadcasts = [];
      await hub.prompt(thread.id, message);
      await untilBroadcast(waitingApproval);
      const waiting = broadcasts.find(waitingApproval)?.content;
      if (waiting?.type !== 'toolCallRun') throw new Error('no call waits for approval');
      await hub.approve(thread.id, waiting.id);
      await untilBroadcast(turnFinished);
    };
    await answerTurn('Plan the release');
    expect((await store.getThread(thread.id))?.title).toBe('Plan the release');
    // As the thread list's rename does, while the thread is still open in the hub.
    await store.renameThread(thread.id, NEW_THREAD_TITLE);
    await answerTurn('Now write the notes');
    expect((await store.getThread(thread.id))?.title).toBe(NEW_THREAD_TITLE);
  });

  it("stores a prompt and its turn's start in one write: the tab sees neither without the other", async () => {
    const writes: string[][] = [];
    const appendEvents = (threadId: string, batch: EventBatch) => {
      writes.push(batch.events.map(({ role, content }) => `${role} ${content.type}`));
      return store.appendEvents(threadId, batch);
    };
    // The store's methods run on the store itself (its fields are private); only its writes are noted.
    const counted = new Proxy(store, {
      get: (target, property) => {
        if (property === 'appendEvents') return appendEvents;
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const hub = new ThreadHub({
      store: counted,
      agents: AgentRegistry.builtinOnly(new AskingAgent()),
      broadcast: () => undefined,
      log: () => undefined,
    });
    const thread = await hub.createThread();
    await hub.prompt(thread.id, 'Write a file');
    expect(writes.find((events) => events.includes('user text'))).toEqual(['user text', 'system progress']);
    await hub.stop(thread.id);
    await hub.close();
  });

  it('refuses a second prompt while a turn runs', async () => {
    const hub = makeHub(new AskingAgent());
    const thread = await hub.createThread();
    await hub.prompt(thread.id, 'one');
    await expect(hub.prompt(thread.id, 'two')).rejects.toBeInstanceOf(ThreadBusyError);
    await hub.stop(thread.id);
    await untilBroadcast(turnFinished);
  });

  it('Stop rejects what waits for approval and ends the turn', async () => {
    const agent = new AskingAgent();
    const hub = makeHub(agent);
    const thread = await hub.createThread();
    await hub.prompt(thread.id, 'write');
    await untilBroadcast(waitingApproval);
    await hub.stop(thread.id);
    await untilBroadcast(turnFinished);
    expect(agent.decisions).toEqual(['rejected']);
    const toolCall = (await store.getEntries(thread.id)).find((entry) => entry.type === 'toolCall');
    expect(toolCall).toMatchObject({ status: 'rejected', reason: 'user-choice' });
    expect(await hub.isRunning(thread.id)).toBe(false);
  });

  it('shows an agent failure in the thread and lets the next prompt run', async () => {
    const hub = makeHub(new FailingAgent());
    const thread = await hub.createThread();
    await hub.prompt(thread.id, 'go');
    await untilBroadcast(turnFinished);
    const [answer, end] = (await store.getEntries(thread.id)).slice(-2);
    expect(JSON.stringify(answer)).toContain('model unreachable');
    expect(end).toEqual({ type: 'turnSummary', outcome: 'failed' });
    await expect(hub.prompt(thread.id, 'again')).resolves.toBeUndefined();
  });

  it('ends a turn a stopped relay left open, in the record, when the thread is next opened', async () => {
    const hub = makeHub(new AskingAgent());
    const thread = await hub.createThread();
    await hub.prompt(thread.id, 'write');
    await untilBroadcast(waitingApproval);
    // A new hub on the same store is what a restarted relay sees.
    const restarted = makeHub(new AskingAgent());
    const snapshot = await restarted.getSnapshot(thread.id);
    expect(snapshot.turnRunning).toBe(false);
    expect(snapshot.entries.find((entry) => entry.type === 'toolCall')).toMatchObject({
      status: 'failed',
      outputText: 'Interrupted: the relay stopped before this turn finished.',
    });
    expect(JSON.stringify(snapshot.entries.at(-2))).toContain('The turn was interrupted');
    expect(snapshot.entries.at(-1)).toEqual({ type: 'turnSummary', outcome: 'interrupted' });
    expect((await store.getLastEvent(thread.id))?.content).toMatchObject({ type: 'progress', state: 'finished' });
    expect(await store.getEntries(thread.id)).toEqual(snapshot.entries);
  });

  it('numbers every event of a thread from 1, stores each before broadcasting it, and replays them', async () => {
    const hub = makeHub(new AskingAgent());
    const thread = await hub.createThread();
    await hub.prompt(thread.id, 'write');
    await untilBroadcast(waitingApproval);
    await hub.reject(thread.id, 'call-0');
    await untilBroadcast(turnFinished);

    expect(broadcasts.map((params) => params.seq)).toEqual(broadcasts.map((_params, index) => index + 1));
    const { events, turnRunning } = await hub.getEventsAfter(thread.id, 0);
    expect(turnRunning).toBe(false);
    expect(events).toEqual(broadcasts.map(({ seq, role, content }) => ({ seq, role, content })));
    expect((await hub.getEventsAfter(thread.id, 3)).events.map((event) => event.seq)).toEqual(
      broadcasts.slice(3).map((params) => params.seq),
    );
    const snapshot = await hub.getSnapshot(thread.id);
    expect(snapshot.lastSeq).toBe(broadcasts.length);
  });

  it('deletes a thread mid-turn: the turn stops and the thread and its history are gone', async () => {
    const hub = makeHub(new AskingAgent());
    const thread = await hub.createThread();
    await hub.prompt(thread.id, 'write');
    await untilBroadcast(waitingApproval);
    await hub.deleteThread(thread.id);
    expect(await hub.listThreads()).toEqual({ threads: [] });
    expect(await store.getEventsAfter(thread.id, 0)).toEqual([]);
    await expect(hub.getSnapshot(thread.id)).rejects.toThrow(/no thread/);
  });
});
