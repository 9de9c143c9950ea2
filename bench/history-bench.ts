/**
 * Bench item 3, history: the first page of getThreads with 1k, 10k and 100k threads, and opening a
 * thread of 5k, 10k and 50k entries (a tab's getThreadEntries for the first page of a thread not in
 * memory), each against raw better-sqlite3 running the same query on the same file. Seeded with raw
 * SQL, as the recorder leaves a thread whose turn is over (Thread.liveFrom = the entry count).
 * BENCH_HISTORY_THREADS and BENCH_HISTORY_ENTRIES (comma-separated, ascending) replace the sizes.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ThreadEntry } from '../lib/protocol/acp-threads';
import type { AgentBackend } from '../server/agents/agent-backend';
import { AgentRegistry } from '../server/agents/agent-registry';
import { ThreadHub } from '../server/hub/thread-hub';
import { getThreadEntries } from '../server/relay/thread-entries-page';
import { FIRST_PAGE_ENTRIES } from '../stores/threads-slice';
import { openThreadStore } from '../server/store/prisma-thread-store';
import { formatNumber, formatTable, interleaved, median, numbersFromEnv, ratio, section } from './bench-stats';

const PAGE = 50;
const RUNS = 15;

const idleAgent: AgentBackend = {
  info: { name: 'Idle agent', model: 'bench', offlineDemo: false },
  runTurn: async () => undefined,
  close: async () => undefined,
};

function seedThreads(database: Database.Database, count: number, from: number): void {
  const insert = database.prepare('INSERT INTO "Thread" (id, title, createdAt, modifiedAt) VALUES (?, ?, ?, ?)');
  database.transaction(() => {
    for (let index = from; index < from + count; index += 1) {
      const at = new Date(Date.UTC(2025, 0, 1) + index * 1000).toISOString().replace('Z', '+00:00');
      insert.run(randomUUID(), `Thread ${index}`, at, at);
    }
  })();
}

function entry(index: number): ThreadEntry {
  if (index % 5 === 4) {
    return {
      type: 'toolCall', id: `call-${index}`, name: 'edit_file', server: 'builtin', origin: 'native', status: 'succeeded',
      arguments: { path: `src/file-${index}.ts` }, outputText: 'Edited.',
      details: { type: 'fileChange', path: `src/file-${index}.ts`, diff: '-old line\n+new line\n', linesAdded: 1, linesRemoved: 1 },
    };
  }
  const text = `Entry ${index}: some **Markdown** with \`code\` and a list.\n\n- one\n- two\n\n\`\`\`ts\nconst x = ${index};\n\`\`\`\n`;
  return { type: 'message', role: index % 2 === 0 ? 'user' : 'assistant', chunks: [{ type: 'text', chunk: text }] };
}

function seedEntries(database: Database.Database, count: number): string {
  const threadId = randomUUID();
  const now = new Date().toISOString().replace('Z', '+00:00');
  database
    .prepare('INSERT INTO "Thread" (id, title, createdAt, modifiedAt, liveFrom) VALUES (?, ?, ?, ?, ?)')
    .run(threadId, `${count} entries`, now, now, count);
  const insert = database.prepare('INSERT INTO "ThreadEntry" (threadId, seq, type, data, updatedAt) VALUES (?, ?, ?, ?, ?)');
  database.transaction(() => {
    for (let index = 0; index < count; index += 1) {
      const value = entry(index);
      insert.run(threadId, index, value.type, JSON.stringify(value), now);
    }
  })();
  return threadId;
}

async function time(run: () => unknown): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export async function historyBench(): Promise<void> {
  section('3. History: server-side time of getThreads (first page) and of opening a thread, against raw better-sqlite3', [
    `getThreads page = ${PAGE} threads; open = getThreadEntries {limit: ${FIRST_PAGE_ENTRIES}} on a thread not in memory (raw: its last ${FIRST_PAGE_ENTRIES} rows). Median of ${RUNS} interleaved runs.`,
  ]);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'baton-bench-history-'));
  const file = path.join(folder, 'history.db');
  const store = await openThreadStore({ databaseFile: file });
  const database = new Database(file);
  const rows: string[][] = [];
  try {
    const firstPage = database.prepare(`SELECT id, title, modifiedAt, agent FROM "Thread" ORDER BY modifiedAt DESC, id DESC LIMIT ${PAGE + 1}`);
    let seeded = 0;
    for (const total of numbersFromEnv('BENCH_HISTORY_THREADS', [1_000, 10_000, 100_000])) {
      seedThreads(database, total - seeded, seeded);
      seeded = total;
      const [baton, raw] = await interleaved(RUNS, [
        () => time(() => store.listThreads({ limit: PAGE })),
        () => time(() => firstPage.all()),
      ]);
      rows.push([`getThreads page, ${formatNumber(total)} threads`, ...figures(baton!, raw!)]);
    }
    const lastEntriesOf = database.prepare(`SELECT seq, data FROM "ThreadEntry" WHERE threadId = ? ORDER BY seq DESC LIMIT ${FIRST_PAGE_ENTRIES}`);
    for (const count of numbersFromEnv('BENCH_HISTORY_ENTRIES', [5_000, 10_000, 50_000])) {
      const threadId = seedEntries(database, count);
      // One untimed open first, so that the first size measured does not pay for warming up alone.
      await getThreadEntries(new ThreadHub({ store, agents: AgentRegistry.builtinOnly(idleAgent), broadcast: () => undefined, log: () => undefined }), store, { threadId, limit: FIRST_PAGE_ENTRIES });
      const [baton, raw] = await interleaved(RUNS, [
        () => {
          const hub = new ThreadHub({ store, agents: AgentRegistry.builtinOnly(idleAgent), broadcast: () => undefined, log: () => undefined });
          return time(() => getThreadEntries(hub, store, { threadId, limit: FIRST_PAGE_ENTRIES }));
        },
        () => time(() => (lastEntriesOf.all(threadId) as Array<{ data: string }>).reverse().map((row) => JSON.parse(row.data) as unknown)),
      ]);
      rows.push([`open a thread of ${formatNumber(count)} entries`, ...figures(baton!, raw!)]);
    }
  } finally {
    database.close();
    await store.close();
    await rm(folder, { recursive: true, force: true });
  }
  console.log(formatTable(['what', 'Baton ms', 'raw ms', 'Baton/raw time'], rows));
}

function figures(baton: number[], raw: number[]): string[] {
  return [formatNumber(median(baton), 2), formatNumber(median(raw), 2), ratio(median(baton), median(raw))];
}
