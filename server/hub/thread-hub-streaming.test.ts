import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';
import type { AgentBackend, AgentTurn } from '../agents/agent-backend';
import { AgentRegistry } from '../agents/agent-registry';
import { createGate, type Gate } from '../demo-model/testing/gate';
import { openThreadStore } from '../store/prisma-thread-store';
import type { EventBatch, ThreadStore } from '../store/thread-store';
import { ThreadHub } from './thread-hub';
import { ENTRY_MIN_PIECES, ENTRY_WRITE_INTERVAL_MS } from './recording-limits';

/**
 * Streams numbered pieces as fast as the hub takes them, then `last` when given; holds after
 * `holdAfter` pieces until the gate opens.
 */
class StreamingAgent implements AgentBackend {
  readonly info = { name: 'Streaming agent', model: 'test', offlineDemo: false };
  constructor(
    private readonly pieces: number,
    private readonly hold?: { after: number; gate: Gate },
    private readonly last?: string,
  ) {}
  async runTurn(turn: AgentTurn): Promise<void> {
    for (let index = 0; index < this.pieces; index += 1) {
      if (index === this.hold?.after) await this.hold.gate.promise;
      await turn.emit({ type: 'text', text: `p${index} ` });
    }
    if (this.last !== undefined) await turn.emit({ type: 'text', text: this.last });
  }
  async close(): Promise<void> {}
}

/** Streams numbered pieces, then tells what the answer cost, all in one go: as a fast stream's last read brings them. */
class CostingAgent implements AgentBackend {
  readonly info = { name: 'Costing agent', model: 'test', offlineDemo: false };
  constructor(private readonly pieces: number) {}
  async runTurn(turn: AgentTurn): Promise<void> {
    for (let index = 0; index < this.pieces; index += 1) await turn.emit({ type: 'text', text: `p${index} ` });
    await turn.emit({ type: 'usage', sessionTokens: 42 });
  }
  async close(): Promise<void> {}
}

const numbered = (count: number) => Array.from({ length: count }, (_unused, index) => `p${index} `).join('');

let folder: string;
let store: ThreadStore;
let batches: EventBatch[];
/** The store's writes in the order they were asked for: `rename` or the seqs of a batch. */
let writes: string[];
let broadcasts: SequencedContentReceivedParams[];
/** The seq of the last event the store has committed, and any broadcast that came before its commit. */
let committedSeq: number;
let toldBeforeStored: number[];
const hubs: ThreadHub[] = [];

/** The real store, noting each batch it is asked to record. */
function countingStore(inner: ThreadStore): ThreadStore {
  const appendEvents = async (threadId: string, batch: EventBatch) => {
    batches.push(batch);
    writes.push(batch.events.map((event) => event.seq).join(' '));
    await inner.appendEvents(threadId, batch);
    committedSeq = Math.max(committedSeq, batch.events.at(-1)?.seq ?? 0);
  };
  return new Proxy(inner, {
    get(target, key) {
      if (key === 'appendEvents') return appendEvents;
      if (key === 'renameThread') {
        return (threadId: string, title: string) => {
          writes.push('rename');
          return inner.renameThread(threadId, title);
        };
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function makeHub(agent: AgentBackend, options: { releaseAfterMs?: number; watched?: Set<string> } = {}): ThreadHub {
  const hub = new ThreadHub({
    store: countingStore(store),
    agents: AgentRegistry.builtinOnly(agent),
    broadcast: (_threadId, params) => {
      if (params.seq === undefined || params.seq > committedSeq) toldBeforeStored.push(params.seq ?? -1);
      broadcasts.push(params);
    },
    isWatched: (threadId) => options.watched?.has(threadId) ?? false,
    releaseAfterMs: options.releaseAfterMs,
    log: () => undefined,
  });
  hubs.push(hub);
  return hub;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const finished = () => broadcasts.some((params) => params.content.type === 'progress' && params.content.state === 'finished');
const answerPieces = () => broadcasts.filter((params) => params.role === 'assistant' && params.content.type === 'text');

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-hub-streaming-'));
  store = await openThreadStore({ databaseFile: path.join(folder, 'baton.db') });
  batches = [];
  writes = [];
  broadcasts = [];
  committedSeq = 0;
  toldBeforeStored = [];
});

afterEach(async () => {
  for (const hub of hubs.splice(0)) await hub.close();
  await store.close();
  await rm(folder, { recursive: true, force: true });
});

describe('ThreadHub streaming', () => {
  it('stores a fast answer as one message of one chunk, in a few batches, each piece broadcast once in order', async () => {
    const pieces = 2_000;
    const hub = makeHub(new StreamingAgent(pieces));
    const { id } = await hub.createThread();
    await hub.prompt(id, 'stream');
    await until(finished);

    expect(answerPieces().map((params) => (params.content.type === 'text' ? params.content.text : ''))).toEqual(
      Array.from({ length: pieces }, (_unused, index) => `p${index} `),
    );
    expect(broadcasts.map((params) => params.seq)).toEqual(broadcasts.map((_params, index) => index + 1));
    expect(toldBeforeStored).toEqual([]);
    const answer = { type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: numbered(pieces) }] };
    expect(await store.getEntries(id)).toEqual([
      expect.objectContaining({ role: 'user' }),
      answer,
      { type: 'turnSummary', outcome: 'done' },
    ]);
    expect(await hub.getEntries(id)).toEqual(await store.getEntries(id));
    // Many pieces to a transaction, and the growing message rewritten far less often than per piece.
    expect(batches.length).toBeLessThan(pieces / 10);
    expect(batches.filter((batch) => batch.entries !== undefined).length).toBeLessThan(pieces / 10);
  });

  it("commits and tells an answer's last pieces before the entry write of what follows them in the same read", async () => {
    const pieces = 100;
    const hub = makeHub(new CostingAgent(pieces));
    const { id } = await hub.createThread();
    await hub.prompt(id, 'stream');
    await until(finished);

    const carrying = (type: string) =>
      batches.find((batch) => batch.events.some((event) => event.content.type === type && event.role === 'assistant'));
    const lastPiece = answerPieces().at(-1)?.seq;
    const lastPieceBatch = batches.find((batch) => batch.events.some((event) => event.seq === lastPiece));
    // The pieces went as events alone; the answer's row and search terms were written with the usage, after them.
    expect(lastPieceBatch?.entries).toBeUndefined();
    expect(carrying('usage')?.entries?.length).toBeGreaterThan(0);
    expect(carrying('usage')?.events.every((event) => event.content.type !== 'text')).toBe(true);
    expect(broadcasts.map((params) => params.seq)).toEqual(broadcasts.map((_params, index) => index + 1));
    expect(toldBeforeStored).toEqual([]);
    expect((await store.getEntries(id))[1]).toEqual({
      type: 'message',
      role: 'assistant',
      chunks: [{ type: 'text', chunk: numbered(pieces) }],
    });
  });

  it('rewrites a growing answer without its search text, and a search finds all of it once it ends', async () => {
    const gate = createGate();
    const hub = makeHub(new StreamingAgent(300, { after: 150, gate }, 'kingfisher'));
    const { id } = await hub.createThread();
    await hub.prompt(id, 'stream');
    await until(() => answerPieces().length === 150);
    // Past the interval, the next pieces rewrite the growing answer's row (ENTRY_GROWTH allows it).
    await new Promise((resolve) => setTimeout(resolve, ENTRY_WRITE_INTERVAL_MS + 50));
    gate.open();
    await until(finished);

    expect(batches.some((batch) => batch.growing === true && (batch.entries?.length ?? 0) > 0)).toBe(true);
    expect(toldBeforeStored).toEqual([]);
    const answer = { type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: `${numbered(300)}kingfisher` }] };
    expect((await store.getEntries(id))[1]).toEqual(answer);
    expect((await store.listThreads({ query: 'kingfisher' })).threads.map((thread) => thread.id)).toEqual([id]);
    expect((await store.listThreads({ query: 'p299' })).threads.map((thread) => thread.id)).toEqual([id]);
  });

  it('leaves a slow answer to its events until it has grown by ENTRY_MIN_PIECES pieces, however long it takes', async () => {
    const gate = createGate();
    const pieces = ENTRY_MIN_PIECES - 1;
    const hub = makeHub(new StreamingAgent(pieces, { after: 100, gate }));
    const { id } = await hub.createThread();
    await hub.prompt(id, 'stream');
    await until(() => answerPieces().length === 100);
    // Past the interval, as a slow stream always is: the interval alone no longer rewrites the answer.
    await new Promise((resolve) => setTimeout(resolve, ENTRY_WRITE_INTERVAL_MS + 50));
    gate.open();
    await until(finished);

    expect(batches.filter((batch) => batch.growing === true)).toEqual([]);
    expect(toldBeforeStored).toEqual([]);
    const answer = { type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: numbered(pieces) }] };
    expect((await store.getEntries(id))[1]).toEqual(answer);
  });

  it('after a crash mid-answer, a new hub on the same store shows every piece a tab saw', async () => {
    const gate = createGate();
    const hub = makeHub(new StreamingAgent(1_000, { after: 600, gate }));
    const { id } = await hub.createThread();
    await hub.prompt(id, 'stream');
    await until(() => answerPieces().length === 600);

    // What a restarted relay sees: the store as it is now, with the first hub frozen mid-answer.
    const restarted = makeHub(new StreamingAgent(0));
    const snapshot = await restarted.getSnapshot(id);
    const answer = snapshot.entries.find((entry) => entry.type === 'message' && entry.role === 'assistant');
    expect(answer?.type === 'message' ? answer.chunks.map((chunk) => chunk.chunk).join('') : '').toContain(numbered(600));
    expect(JSON.stringify(snapshot.entries.at(-2))).toContain('The turn was interrupted');
    expect(snapshot.entries.at(-1)).toEqual({ type: 'turnSummary', outcome: 'interrupted' });
    expect(await store.getEntries(id)).toEqual(snapshot.entries);
    gate.open();
  });

  it("tells a tab an answer's first piece once its event alone is stored, and a restart then still shows it", async () => {
    const gate = createGate();
    const hub = makeHub(new StreamingAgent(3, { after: 1, gate }));
    const { id } = await hub.createThread();
    await hub.prompt(id, 'stream');
    await until(() => answerPieces().length === 1);

    const firstSeq = answerPieces()[0]?.seq;
    const carrying = (seq: number | undefined) => batches.find((batch) => batch.events.some((event) => event.seq === seq));
    expect(carrying(firstSeq)?.events.length).toBeGreaterThan(0);
    expect(carrying(firstSeq)?.entries).toBeUndefined();
    expect(toldBeforeStored).toEqual([]);
    // The answer's row is not written yet: the tab saw the piece from its event alone.
    expect((await store.getEntries(id)).map((entry) => (entry.type === 'message' ? entry.role : entry.type))).toEqual(['user']);
    // The new thread was named before its turn began, and its title is an event alone too.
    const userSeq = broadcasts.find((params) => params.role === 'user')?.seq;
    expect(writes.indexOf('rename')).toBeGreaterThanOrEqual(0);
    expect(writes.indexOf('rename')).toBeLessThan(writes.findIndex((seqs) => seqs.split(' ').includes(String(userSeq))));
    expect(carrying(broadcasts.find((params) => params.content.type === 'metadata')?.seq)?.entries).toBeUndefined();
    expect((await store.getThread(id))?.title).toBe('stream');

    // A relay restarted now finds the piece in the events and shows the answer holding it.
    const restarted = makeHub(new StreamingAgent(0));
    const snapshot = await restarted.getSnapshot(id);
    const answer = snapshot.entries.find((entry) => entry.type === 'message' && entry.role === 'assistant');
    expect(answer).toEqual({
      type: 'message',
      role: 'assistant',
      chunks: [{ type: 'text', chunk: expect.stringMatching(/^p0 \n.*interrupted/s) }],
    });
    expect(snapshot.entries.at(-1)).toEqual({ type: 'turnSummary', outcome: 'interrupted' });
    expect(await store.getEntries(id)).toEqual(snapshot.entries);
    gate.open();
  });

  it('lets go of a thread nobody watches once its turn is over, and loads it again when asked', async () => {
    const watched = new Set<string>();
    const hub = makeHub(new StreamingAgent(50), { releaseAfterMs: 1, watched });
    const kept = await hub.createThread();
    const released = await hub.createThread();
    watched.add(kept.id);
    await hub.prompt(kept.id, 'stream');
    await until(finished);
    broadcasts = [];
    await hub.prompt(released.id, 'stream');
    await until(finished);

    await until(() => hub.liveSessions === 1);
    expect(await hub.isRunning(kept.id)).toBe(false);
    expect(hub.liveSessions).toBe(1);
    expect((await hub.getSnapshot(released.id)).entries).toEqual(await store.getEntries(released.id));

    watched.delete(kept.id);
    hub.unwatched(kept.id);
    await until(() => hub.liveSessions === 0);
  });
});
