/**
 * Bench section 2, recording: how many streamed pieces per second the hub's recorder commits to the
 * store (an in-process agent emitting as fast as the hub lets it, one thread), against raw
 * better-sqlite3 writing the SAME rows Baton's store wrote in its last run, batch for batch
 * (bench/raw-recording.ts): the same event rows (runs of pieces), entry rows, thread columns and
 * search text, in the same commits, with the same pragmas. Both files are checked to hold the
 * same number of event and entry rows for the thread.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { AgentBackend, AgentTurn } from '../server/agents/agent-backend';
import { AgentRegistry } from '../server/agents/agent-registry';
import { ThreadHub } from '../server/hub/thread-hub';
import { applyMigrations } from '../server/store/migrate';
import { openThreadStore } from '../server/store/prisma-thread-store';
import type { ThreadStore } from '../server/store/thread-store';
import { formatNumber, formatTable, interleaved, loadRange, median, numbersFromEnv, QUICK, ratio, section } from './bench-stats';
import { allocatedBytes } from './allocation-sampling';
import { type NotedBatch, notingStore, writeNoted } from './raw-recording';

/** Emits N numbered pieces, each awaited as the built-in agent awaits its emits. */
class PieceAgent implements AgentBackend {
  readonly info = { name: 'Bench agent', model: 'bench', offlineDemo: false };
  pieces = 0;
  async runTurn(turn: AgentTurn): Promise<void> {
    for (let index = 0; index < this.pieces; index += 1) await turn.emit({ type: 'text', text: `p${index} ` });
  }
  async close(): Promise<void> {}
}

interface HubRun {
  piecesPerSecond: number;
  threadId: string;
  batches: NotedBatch[];
}

async function hubRun(baseStore: ThreadStore, pieces: number): Promise<HubRun> {
  const batches: NotedBatch[] = [];
  const store = notingStore(baseStore, batches);
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
  // Only what the turn writes is replayed: the thread row itself is made before either is timed.
  batches.length = 0;
  const started = performance.now();
  await hub.prompt(id, 'record');
  await turnOver;
  const elapsed = performance.now() - started;
  await hub.close();
  // What was broadcast is stored: the durability guarantee, checked on every run.
  const stored = (await store.getEventsAfter(id, 0)).filter((event) => event.role === 'assistant').length;
  if (stored !== pieces) throw new Error(`the store holds ${stored} of ${pieces} pieces`);
  return { piecesPerSecond: (pieces * 1000) / elapsed, threadId: id, batches };
}

/** Writes the batches of Baton's last run to a new thread of the raw file; answers pieces/s. */
function rawRun(database: Database.Database, last: HubRun, pieces: number, run: number): { piecesPerSecond: number; threadId: string } {
  const threadId = `raw-${run}`;
  const now = new Date().toISOString();
  database.prepare('INSERT INTO "Thread" (id, title, createdAt, modifiedAt) VALUES (?, ?, ?, ?)').run(threadId, 'raw', now, now);
  return { piecesPerSecond: (pieces * 1000) / writeNoted(database, threadId, last.batches), threadId };
}

/** Event and entry rows of a thread: the raw file must hold what Baton's holds. */
function rowCounts(database: Database.Database, threadId: string): string {
  const count = (table: string) =>
    (database.prepare(`SELECT COUNT(*) AS n FROM "${table}" WHERE "threadId" = ?`).get(threadId) as { n: number }).n;
  return `${count('ThreadEvent')} events, ${count('ThreadEntry')} entries, ${count('ThreadSearchText')} search texts`;
}

export async function recordingBench(): Promise<void> {
  const sizes = numbersFromEnv('BENCH_RECORD_N', QUICK ? [20_000] : [20_000, 100_000]);
  const runs = Number(process.env.BENCH_RUNS ?? (QUICK ? 3 : 5));
  section('2. Recording: pieces/s committed by hub + recorder + store, against raw better-sqlite3 writing the same rows', [
    "Raw = better-sqlite3 (WAL, synchronous=NORMAL, foreign_keys on), prepared statements, writing the rows Baton's store wrote in its",
    'last run batch for batch: the same event rows (a run of pieces a row), entry rows, thread columns and search text, in the same commits.',
    `Median of ${runs} interleaved runs; "rows" = what each file holds for one run's thread (they must agree).`,
    "allocated = JS heap bytes per piece by V8's sampling heap profiler, collected objects included (an estimate; Baton's counts the bench",
    'agent making and emitting each piece), in one more run of each',
    "after the timed ones: what each gives the garbage collector, whose pauses on a fast stream hold back every tab's pieces.",
  ]);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'baton-bench-record-'));
  const storeFile = path.join(folder, 'store.db');
  const store = await openThreadStore({ databaseFile: storeFile });
  const rawFile = path.join(folder, 'raw.db');
  await applyMigrations({ kind: 'sqlite', file: rawFile });
  const database = new Database(rawFile);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  const storeReader = new Database(storeFile, { readonly: true });
  const rows: string[][] = [];
  let run = 0;
  try {
    let last = await hubRun(store, 200);
    for (const pieces of sizes) {
      last = await hubRun(store, pieces);
      const load = loadRange();
      const [hub, raw] = await interleaved(runs, [
        async () => {
          last = await hubRun(store, pieces);
          return last;
        },
        async () => rawRun(database, last, pieces, run++),
      ]);
      const batonRows = rowCounts(storeReader, hub!.at(-1)!.threadId);
      const rawRows = rowCounts(database, raw!.at(-1)!.threadId);
      if (batonRows !== rawRows) throw new Error(`the raw baseline wrote other rows than Baton: ${rawRows}, not ${batonRows}`);
      const hubRate = median(hub!.map((result) => result.piecesPerSecond));
      const rawRate = median(raw!.map((result) => result.piecesPerSecond));
      const commits = median(hub!.map((result) => (result as HubRun).batches.length));
      const hubAllocated = await allocatedBytes(async () => {
        last = await hubRun(store, pieces);
      });
      const rawAllocated = await allocatedBytes(async () => rawRun(database, last, pieces, run++));
      rows.push([
        formatNumber(pieces),
        formatNumber(hubRate),
        formatNumber(rawRate),
        ratio(hubRate, rawRate),
        formatNumber(commits),
        `${formatNumber(hubAllocated / pieces)} / ${formatNumber(rawAllocated / pieces)}`,
        batonRows,
        load.until(),
      ]);
    }
  } finally {
    storeReader.close();
    database.close();
    await store.close();
    await rm(folder, { recursive: true, force: true });
  }
  console.log(
    formatTable(
      [
        'N',
        'Baton pieces/s',
        'raw SQLite, same rows and commits, pieces/s',
        'Baton/raw',
        'commits',
        'allocated B/piece, Baton / raw',
        'rows (both)',
        'load',
      ],
      rows,
    ),
  );
}
