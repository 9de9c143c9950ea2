/**
 * Bench item 2, recording: how many streamed pieces per second the hub's recorder commits to the
 * store (an in-process agent emitting as fast as the hub lets it, one thread), against raw
 * better-sqlite3 inserting the same event rows in batches, in transactions, with the same pragmas:
 * a row per piece (how a driver stores a stream), and the rows Baton writes (a run of up to
 * MAX_BATCH pieces as one row, server/store/event-rows.ts), so that both what the store saves and
 * what it costs over the driver show.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { AgentBackend, AgentTurn } from '../server/agents/agent-backend';
import { AgentRegistry } from '../server/agents/agent-registry';
import { ThreadHub } from '../server/hub/thread-hub';
import { MAX_BATCH } from '../server/hub/thread-recorder';
import { applyMigrations } from '../server/store/migrate';
import { openThreadStore } from '../server/store/prisma-thread-store';
import type { ThreadStore } from '../server/store/thread-store';
import { formatNumber, formatTable, interleaved, median, numbersFromEnv, QUICK, ratio, section } from './bench-stats';

const RAW_BATCH = 100;

/** Emits N numbered pieces, each awaited as the built-in agent awaits its emits. */
class PieceAgent implements AgentBackend {
  readonly info = { name: 'Bench agent', model: 'bench', offlineDemo: false };
  pieces = 0;
  async runTurn(turn: AgentTurn): Promise<void> {
    for (let index = 0; index < this.pieces; index += 1) await turn.emit({ type: 'text', text: `p${index} ` });
  }
  async close(): Promise<void> {}
}

async function hubRun(store: ThreadStore, pieces: number): Promise<number> {
  const agent = new PieceAgent();
  agent.pieces = pieces;
  let finished: () => void = () => undefined;
  const turnOver = new Promise<void>((resolve) => (finished = resolve));
  const hub = new ThreadHub({
    store,
    agents: AgentRegistry.builtinOnly(agent),
    broadcast: (_threadId, params) => {
      if (params.content.type === 'progress' && params.content.state === 'finished') finished();
    },
    log: (message) => process.stderr.write(`hub: ${message}\n`),
  });
  const { id } = await hub.createThread();
  const started = performance.now();
  await hub.prompt(id, 'record');
  await turnOver;
  const elapsed = performance.now() - started;
  await hub.close();
  // What was broadcast is stored: the durability guarantee, checked on every run.
  const stored = (await store.getEventsAfter(id, 0)).filter((event) => event.role === 'assistant').length;
  if (stored !== pieces) throw new Error(`the store holds ${stored} of ${pieces} pieces`);
  return (pieces * 1000) / elapsed;
}

function rawRun(database: Database.Database, pieces: number, run: number): number {
  const threadId = `raw-${run}`;
  const now = new Date().toISOString();
  database.prepare('INSERT INTO "Thread" (id, title, createdAt, modifiedAt) VALUES (?, ?, ?, ?)').run(threadId, 'raw', now, now);
  const insert = database.prepare(
    'INSERT INTO "ThreadEvent" (threadId, seq, role, type, content, createdAt) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertBatch = database.transaction((first: number, last: number) => {
    for (let index = first; index < last; index += 1) {
      const content = JSON.stringify({ type: 'text', text: `p${index} ` });
      insert.run(threadId, index + 1, 'assistant', 'text', content, Date.now());
    }
  });
  const started = performance.now();
  for (let first = 0; first < pieces; first += RAW_BATCH) insertBatch(first, Math.min(pieces, first + RAW_BATCH));
  return (pieces * 1000) / (performance.now() - started);
}

/** The same pieces as Baton stores them: each batch of MAX_BATCH consecutive pieces one run row, a transaction each. */
function rawRunsRun(database: Database.Database, pieces: number, run: number): number {
  const threadId = `raw-runs-${run}`;
  const now = new Date().toISOString();
  database.prepare('INSERT INTO "Thread" (id, title, createdAt, modifiedAt) VALUES (?, ?, ?, ?)').run(threadId, 'raw', now, now);
  const insert = database.prepare(
    'INSERT INTO "ThreadEvent" (threadId, seq, role, type, content, createdAt) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertRun = database.transaction((first: number, last: number) => {
    const texts: string[] = [];
    for (let index = first; index < last; index += 1) texts.push(`p${index} `);
    insert.run(threadId, first + 1, 'assistant', 'run:text', JSON.stringify({ content: { type: 'text' }, texts }), Date.now());
  });
  const started = performance.now();
  for (let first = 0; first < pieces; first += MAX_BATCH) insertRun(first, Math.min(pieces, first + MAX_BATCH));
  return (pieces * 1000) / (performance.now() - started);
}

export async function recordingBench(): Promise<void> {
  const sizes = numbersFromEnv('BENCH_RECORD_N', QUICK ? [20_000] : [20_000, 100_000]);
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  section('2. Recording: pieces/s committed by hub + recorder + store, against raw better-sqlite3', [
    `Raw = better-sqlite3, WAL, synchronous=NORMAL: a row per piece in transactions of ${RAW_BATCH}; "raw runs" = Baton's rows (a run of ${MAX_BATCH} pieces a row, a transaction each). Median of ${runs} interleaved runs.`,
  ]);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'baton-bench-record-'));
  const store = await openThreadStore({ databaseFile: path.join(folder, 'store.db') });
  const rawFile = path.join(folder, 'raw.db');
  await applyMigrations({ kind: 'sqlite', file: rawFile });
  const database = new Database(rawFile);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  const rows: string[][] = [];
  let run = 0;
  try {
    await hubRun(store, 200);
    for (const pieces of sizes) {
      const [hub, raw, rawRuns] = await interleaved(runs, [
        () => hubRun(store, pieces),
        async () => rawRun(database, pieces, run++),
        async () => rawRunsRun(database, pieces, run++),
      ]);
      const hubRate = median(hub!);
      const rawRate = median(raw!);
      const rawRunsRate = median(rawRuns!);
      rows.push([formatNumber(pieces), formatNumber(hubRate), formatNumber(rawRate), ratio(hubRate, rawRate), formatNumber(rawRunsRate), ratio(hubRate, rawRunsRate)]);
    }
  } finally {
    database.close();
    await store.close();
    await rm(folder, { recursive: true, force: true });
  }
  console.log(formatTable(['N', 'store pieces/s', 'raw pieces/s', 'store/raw', 'raw runs pieces/s', 'store/raw runs'], rows));
}
