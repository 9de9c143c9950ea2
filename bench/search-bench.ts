/**
 * Bench item 7, search: the server-side time of a full-text `getThreads` search (the first page
 * of 50, snippets included) over 10,000 threads, each a title and a dozen entries of text, against
 * raw better-sqlite3 running the bare FTS5 match on the same file. Seeded with raw SQL into the
 * search table, whose triggers fill the index as the store's writes do.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openThreadStore } from '../server/store/prisma-thread-store';
import { toMatchQuery } from '../server/store/thread-search';
import { formatNumber, formatTable, interleaved, median, numbersFromEnv, QUICK, ratio, section } from './bench-stats';

const PAGE = 50;
const RUNS = 15;
const ENTRIES_PER_THREAD = 12;
const WORDS = (
  'module lookup cache index thread answer question deploy pipeline build test failure retry socket relay ' +
  'browser store entry search title review change file diff patch commit branch merge config agent model ' +
  'token stream piece chunk page cursor scroll render list table query filter status running waiting idle'
).split(' ');
/** In one thread only: the search a user runs for something said once. */
const RARE_WORD = 'axolotl';

/** A deterministic sequence, so every run searches the same text. */
function words(seed: number): () => string {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return WORDS[state % WORDS.length]!;
  };
}

function seed(database: Database.Database, threads: number): void {
  const insertThread = database.prepare('INSERT INTO "Thread" (id, title, createdAt, modifiedAt) VALUES (?, ?, ?, ?)');
  const insertText = database.prepare('INSERT INTO "ThreadSearchText" ("threadId", "seq", "text") VALUES (?, ?, ?)');
  const next = words(7);
  const sentence = (length: number) => Array.from({ length }, next).join(' ');
  database.transaction(() => {
    for (let index = 0; index < threads; index += 1) {
      const id = randomUUID();
      const at = new Date(Date.UTC(2025, 0, 1) + index * 1000).toISOString().replace('Z', '+00:00');
      const title = sentence(5);
      insertThread.run(id, title, at, at);
      insertText.run(id, -1, title);
      for (let seq = 0; seq < ENTRIES_PER_THREAD; seq += 1) {
        const rare = index === Math.floor(threads / 2) && seq === 3 ? ` ${RARE_WORD}` : '';
        insertText.run(id, seq, `${sentence(40)}${rare} ${sentence(20)}`);
      }
    }
  })();
}

async function time(run: () => unknown): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export async function searchBench(): Promise<void> {
  const [total = 10_000] = numbersFromEnv('BENCH_SEARCH_THREADS', [10_000]);
  section('7. Search: server-side time of a full-text getThreads search, against raw better-sqlite3', [
    `${formatNumber(total)} threads of ${ENTRIES_PER_THREAD} entries (~60 words each); first page of ${PAGE}, best match per thread with its snippet. Median of ${QUICK ? 5 : RUNS} interleaved runs.`,
  ]);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'baton-bench-search-'));
  const file = path.join(folder, 'search.db');
  const store = await openThreadStore({ databaseFile: file });
  const database = new Database(file);
  const rows: string[][] = [];
  try {
    seed(database, total);
    const bareMatch = database.prepare(`SELECT rowid FROM "ThreadSearch" WHERE "ThreadSearch" MATCH ? ORDER BY rank LIMIT ${PAGE}`);
    const queries: Array<[string, string]> = [
      ['a word said once', RARE_WORD],
      ['two common words', 'socket relay'],
      ['a common word prefix', 'pipe'],
    ];
    for (const [what, query] of queries) {
      const match = toMatchQuery(query);
      const [baton, raw] = await interleaved(QUICK ? 5 : RUNS, [
        () => time(() => store.listThreads({ query, limit: PAGE })),
        () => time(() => bareMatch.all(match)),
      ]);
      const found = (await store.listThreads({ query, limit: PAGE })).threads.length;
      rows.push([
        `${what} ("${query}", ${found} on the page)`,
        formatNumber(median(baton!), 2),
        formatNumber(median(raw!), 2),
        ratio(median(baton!), median(raw!)),
      ]);
    }
  } finally {
    database.close();
    await store.close();
    await rm(folder, { recursive: true, force: true });
  }
  console.log(formatTable(['search', 'Baton ms', 'raw match ms', 'Baton/raw time'], rows));
}
