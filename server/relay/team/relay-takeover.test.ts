/**
 * The fault test of a team: three relays, each a process of its own, on one PostgreSQL database
 * and one Redis server. A turn runs on relay B, watched from a tab on relay A; B is SIGKILLed
 * mid-answer. Another relay takes the thread's lease over with a higher fencing number, closes the
 * turn with the reason, and the next prompt from A's tab completes. The store's sequence numbers
 * decide what was lost or written twice: nothing. The takeover time is printed, not judged.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectRelayClient, isTurnFinished, type RelayClient } from '../../../e2e/support/relay-client';
import type { SequencedContentReceivedParams } from '../../../lib/protocol/thread-events';
import { createGate, type Gate } from '../../demo-model/testing/gate';
import { startScriptedModelServer, type ScriptedModelServer } from '../../demo-model/scripted-model-server';
import { openThreadStore } from '../../store/prisma-thread-store';
import { createTestDatabase, type TestDatabase } from '../../store/testing/databases';
import { startTemporaryRedis, type TemporaryRedis } from './temporary-redis';

const CHILD = fileURLToPath(new URL('./testing/team-relay-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TOKEN = 'team-takeover-token-'.padEnd(43, 'k');
const ANSWER = 'One two three four five six seven eight nine ten.';

interface ChildRelay {
  process: ChildProcessWithoutNullStreams;
  origin: string;
  logs: string[];
  exited: Promise<NodeJS.Signals | null>;
}

let database: TestDatabase;
let databaseUrl: string;
let redis: TemporaryRedis;
let model: ScriptedModelServer;
let folder: string;
const gates: Gate[] = [];
const relays: ChildRelay[] = [];
const clients: RelayClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase('postgresql');
  if (database.target.kind !== 'postgresql') throw new Error('a PostgreSQL database was asked for');
  databaseUrl = database.target.url;
  redis = await startTemporaryRedis();
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-takeover-'));
  model = await startScriptedModelServer({
    script: () => {
      const gate = createGate();
      gates.push(gate);
      return { blocks: [{ type: 'text', text: ANSWER }], beforeDelta: (index) => (index === 2 ? gate.promise : undefined) };
    },
  });
});

afterAll(async () => {
  for (const client of clients) client.close();
  for (const gate of gates) gate.open();
  for (const relay of relays) {
    if (relay.process.exitCode === null && relay.process.signalCode === null) relay.process.kill('SIGTERM');
    await relay.exited;
  }
  await model.close();
  await redis.stop();
  await database.drop();
  await rm(folder, { recursive: true, force: true });
});

async function startChildRelay(relayId: string): Promise<ChildRelay> {
  const relayFolder = path.join(folder, relayId);
  await mkdir(relayFolder, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, relayFolder, databaseUrl, redis.url, relayId, model.url, TOKEN], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => logs.push(line));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  const relay = { process: child, origin: '', logs, exited };
  relays.push(relay);
  for await (const line of createInterface({ input: child.stdout })) {
    relay.origin = (JSON.parse(line) as { origin: string }).origin;
    return relay;
  }
  throw new Error(`relay ${relayId} ended before it listened:\n${logs.join('\n')}`);
}

/** The thread's events as the store holds them (a run of streamed pieces read back as its pieces). */
async function storedEvents(threadId: string) {
  const store = await openThreadStore({ database: database.target });
  try {
    return await store.getEventsAfter(threadId, 0);
  } finally {
    await store.close();
  }
}

it('takes the thread of a SIGKILLed relay over, closes its turn with the reason, and runs the next prompt', {
  timeout: 120_000,
}, async () => {
  const [a, b] = await Promise.all(['relay-a', 'relay-b', 'relay-c'].map(startChildRelay));
  const tabOnA = await connectRelayClient({ origin: a!.origin, token: TOKEN });
  const tabOnB = await connectRelayClient({ origin: b!.origin, token: TOKEN });
  clients.push(tabOnA, tabOnB);
  const { threadId } = await tabOnB.rpc.request('createThread', null);
  await tabOnA.rpc.request('openThread', { threadId });
  await tabOnB.rpc.request('openThread', { threadId });
  const inThread = (predicate: (params: SequencedContentReceivedParams) => boolean) => (params: SequencedContentReceivedParams) =>
    params.chatId === threadId && predicate(params);
  const answers = (params: SequencedContentReceivedParams) => params.role === 'assistant' && params.content.type === 'text';
  await tabOnB.rpc.request('chat/prompt', { chatId: threadId, message: 'count' });
  // B's turn is held half-way through its answer, and A's tab has seen it streaming.
  await tabOnA.until(inThread(answers));

  const killedAt = performance.now();
  b!.process.kill('SIGKILL');
  expect(await b!.exited).toBe('SIGKILL');
  await tabOnA.until(inThread(isTurnFinished));
  const takeoverMs = performance.now() - killedAt;

  const closing = tabOnA.received.find(inThread((params) => params.content.type === 'text' && params.content.text.includes('interrupted')));
  expect(closing?.content).toMatchObject({
    type: 'text',
    text: expect.stringMatching(
      /^\n\n\*\*The turn was interrupted:\*\* relay relay-b stopped before this turn finished; relay relay-[ac] took the thread over\.$/,
    ),
  });
  expect(tabOnA.received.find(inThread(isTurnFinished))?.content).toMatchObject({ outcome: 'interrupted' });
  const takers = relays.flatMap((relay) => relay.logs.filter((line) => line.includes(`took over thread ${threadId} from relay relay-b`)));
  expect(takers).toEqual([expect.stringMatching(/^relay-[ac]: took over thread .* \(fencing 2\)$/)]);

  // The next prompt, from A's tab, runs and completes.
  const from = tabOnA.received.length;
  const later = (predicate: (params: SequencedContentReceivedParams) => boolean) => (params: SequencedContentReceivedParams) =>
    inThread(predicate)(params) && tabOnA.received.indexOf(params) >= from;
  await tabOnA.rpc.request('chat/prompt', { chatId: threadId, message: 'again' });
  await tabOnA.until(later(answers));
  gates.at(-1)!.open();
  await tabOnA.until(later(isTurnFinished));
  expect(tabOnA.received.find(later(isTurnFinished))?.content).toMatchObject({ outcome: 'done' });

  // What the store holds against what A's tab was told: every seq once, none missing, none twice.
  const events = await storedEvents(threadId);
  const stored = events.map((event) => event.seq);
  const told = tabOnA.received.filter((params) => params.chatId === threadId);
  const toldSeqs = told.map((params) => params.seq);
  const lost =
    stored.filter((seq) => !toldSeqs.includes(seq)).length + toldSeqs.filter((seq) => seq === undefined || !stored.includes(seq)).length;
  const duplicated = toldSeqs.length - new Set(toldSeqs).size;
  expect(stored).toEqual(stored.map((_seq, index) => index + 1));
  // Each piece as the tab was told it is the piece the store holds under that number.
  expect(told.map(({ seq, role, content }) => ({ seq, role, content }))).toEqual(
    events.map(({ seq, role, content }) => ({ seq, role, content })),
  );
  expect({ lost, duplicated }).toEqual({ lost: 0, duplicated: 0 });
  console.log(
    `takeover: relay-b SIGKILLed mid-turn; ${takers[0]?.split(':')[0]} closed its turn ${Math.round(takeoverMs)} ms later (lease 5 s); events ${events.length}, lost ${lost}, duplicated ${duplicated}`,
  );
});
