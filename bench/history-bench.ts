/**
 * Bench section 3, history, measured over the socket as a tab feels it (JSON-RPC, validation and
 * socket.io included): opening a thread of 5k, 10k and 50k entries (openThread, then
 * getThreadEntries {limit: FIRST_PAGE_ENTRIES}, as stores/threads-slice.ts does) in a relay
 * process started for that open (cold) and in one already running that has not opened the thread
 * yet (warm); and the first page of getThreads with 1k, 10k and 100k threads. The baseline is a
 * plain socket.io server process (bench/plain-history-server.ts) reading the same rows with the
 * same SQL from the same file. Both are started with tsx, the relay through bench/relay-child.ts.
 * Seeded with raw SQL (bench/history-seed.ts). BENCH_HISTORY_THREADS and BENCH_HISTORY_ENTRIES
 * (comma-separated, ascending) replace the sizes.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_MESSAGE_LIMITS } from '../server/relay/message-limits';
import { applyMigrations } from '../server/store/migrate';
import { FIRST_PAGE_ENTRIES } from '../stores/threads-slice';
import { formatNumber, formatTable, interleaved, loadRange, median, numbersFromEnv, QUICK, ratio, section } from './bench-stats';
import { type BenchChild, startChild } from './child-process';
import { cloneThread, seedEntries, seedThreads } from './history-seed';
import { connectStreamClient, type StreamClient } from './stream-client';

const PAGE = 50;
/** The relay never asks its model here; it only needs an address. */
const NO_MODEL = 'http://127.0.0.1:9';

interface Server {
  child: BenchChild;
  client: StreamClient;
}

async function startServer(kind: 'baton' | 'plain', dataDir: string, databaseFile: string): Promise<Server> {
  const token = randomBytes(24).toString('hex');
  const child =
    kind === 'baton'
      ? await startChild(['--import', 'tsx', 'bench/relay-child.ts', NO_MODEL, dataDir], { env: { BENCH_TOKEN: token }, ipc: true })
      : await startChild(['--import', 'tsx', 'bench/plain-history-server.ts', databaseFile], { ipc: true });
  return { child, client: await connectStreamClient(child.address, kind === 'baton' ? token : undefined) };
}

async function stopServer(server: Server): Promise<void> {
  server.client.close();
  await server.child.stop();
}

/** How long the relay's rate limit takes to refill a tab's whole burst. */
const FULL_BURST_MS = Math.ceil((DEFAULT_MESSAGE_LIMITS.burst / DEFAULT_MESSAGE_LIMITS.perSecond) * 1000);

/**
 * Milliseconds from the first request sent to the last answer; timed again if the relay made it
 * wait, after the limit's burst has refilled: retried at once, each try would find about one
 * token and be made to wait again, for ever.
 */
async function timed(client: StreamClient, requests: () => Promise<unknown>): Promise<number> {
  for (;;) {
    const waitsBefore = client.rateLimitedWaits;
    const started = performance.now();
    await requests();
    const elapsed = performance.now() - started;
    if (client.rateLimitedWaits === waitsBefore) return elapsed;
    await new Promise((resolve) => setTimeout(resolve, FULL_BURST_MS));
  }
}

const openThread = (client: StreamClient, threadId: string) =>
  timed(client, async () => {
    await client.request('openThread', { threadId });
    await client.request('getThreadEntries', { threadId, limit: FIRST_PAGE_ENTRIES });
  });

/**
 * The server's CPU milliseconds for one open: on a busy machine the time to the answer is mostly
 * waiting for a core, while the CPU the open took is the open's own.
 */
async function openCpuMs(server: Server, threadId: string): Promise<number> {
  const usage = () => server.child.peer!.ask<number>({ type: 'usage' });
  const before = await usage();
  await openThread(server.client, threadId);
  return ((await usage()) - before) / 1000;
}

export async function historyBench(): Promise<void> {
  const coldRuns = Number(process.env.BENCH_RUNS ?? (QUICK ? 3 : 5));
  const warmRuns = Number(process.env.BENCH_RUNS ?? (QUICK ? 5 : 15));
  section("3. History over the socket: a tab's requests to a relay process, against a plain socket.io server process on the same file", [
    `open = openThread + getThreadEntries {limit: ${FIRST_PAGE_ENTRIES}}, request sent → answer received. Baseline = plain socket.io server reading the`,
    "same rows with the same SQL (the recorder's tail load, the last usage report, the list page), keeping a loaded tail as Baton does.",
    `cold = a process started for this one open (median of ${coldRuns}); warm = a running process opening a thread it has not opened (median of ${warmRuns}).`,
    "server CPU = the server process's user+system ms for the open (read over IPC around it; in runs of their own): what the open cost it, however busy the machine.",
    `getThreads = first page of ${PAGE}, from a running process (median of ${warmRuns}). Interleaved runs; load = 1-minute load average.`,
  ]);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'baton-bench-history-'));
  const dataDir = path.join(folder, 'data');
  await mkdir(dataDir);
  const file = path.join(dataDir, 'baton.db');
  await applyMigrations({ kind: 'sqlite', file });
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  const rows: string[][] = [];
  const servers: Server[] = [];
  try {
    const sizes = numbersFromEnv('BENCH_HISTORY_ENTRIES', [5_000, 10_000, 50_000]);
    const threads = sizes.map((count) => {
      const threadId = seedEntries(database, count);
      return { count, threadId, clones: Array.from({ length: warmRuns }, () => cloneThread(database, threadId)) };
    });
    for (const { count, threadId } of threads) {
      const load = loadRange();
      const cold = (kind: 'baton' | 'plain', measure: (server: Server) => Promise<number>) => async () => {
        const server = await startServer(kind, dataDir, file);
        try {
          return await measure(server);
        } finally {
          await stopServer(server);
        }
      };
      const wall = (server: Server) => openThread(server.client, threadId);
      const cpu = (server: Server) => openCpuMs(server, threadId);
      const [baton, plain, batonCpu, plainCpu] = await interleaved(coldRuns, [
        cold('baton', wall),
        cold('plain', wall),
        cold('baton', cpu),
        cold('plain', cpu),
      ]);
      rows.push([`open a thread of ${formatNumber(count)} entries`, 'cold', ...figures(baton!, plain!), load.until()]);
      rows.push([`open a thread of ${formatNumber(count)} entries, server CPU`, 'cold', ...figures(batonCpu!, plainCpu!), load.until()]);
    }

    const baton = await startServer('baton', dataDir, file);
    servers.push(baton);
    const plain = await startServer('plain', dataDir, file);
    servers.push(plain);
    // Each opens a small thread first, untimed, so neither pays alone for its first request.
    const warmUp = seedEntries(database, 10);
    for (const server of servers) await openThread(server.client, warmUp);
    for (const { count, clones } of threads) {
      const load = loadRange();
      const next = { baton: 0, plain: 0 };
      const [batonTimes, plainTimes] = await interleaved(warmRuns, [
        () => openThread(baton.client, clones[next.baton++]!),
        () => openThread(plain.client, clones[next.plain++]!),
      ]);
      rows.push([`open a thread of ${formatNumber(count)} entries`, 'warm', ...figures(batonTimes!, plainTimes!), load.until()]);
    }

    let seeded = database.prepare('SELECT COUNT(*) AS n FROM "Thread"').pluck().get() as number;
    for (const total of numbersFromEnv('BENCH_HISTORY_THREADS', [1_000, 10_000, 100_000])) {
      if (total > seeded) seedThreads(database, total - seeded, seeded);
      seeded = Math.max(seeded, total);
      const load = loadRange();
      const page = (server: Server) => () => timed(server.client, () => server.client.request('getThreads', { limit: PAGE }));
      const [batonTimes, plainTimes] = await interleaved(warmRuns, [page(baton), page(plain)]);
      rows.push([`getThreads page, ${formatNumber(seeded)} threads`, 'warm', ...figures(batonTimes!, plainTimes!), load.until()]);
    }
  } finally {
    for (const server of servers) await stopServer(server);
    database.close();
    await rm(folder, { recursive: true, force: true });
  }
  console.log(formatTable(['what', 'start', 'Baton ms', 'plain socket.io, same SQL ms', 'Baton/plain time', 'load'], rows));
}

function figures(baton: number[], plain: number[]): string[] {
  return [formatNumber(median(baton), 2), formatNumber(median(plain), 2), ratio(median(baton), median(plain))];
}
