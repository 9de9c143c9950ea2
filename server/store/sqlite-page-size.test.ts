/**
 * A new SQLite file has small pages, so that a piece committed alone writes a small page; a file
 * made before keeps its pages, and on either, a run of pieces is joined only while its row fits
 * its page, counted in the bytes the file stores (text beyond ASCII takes more than a byte).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import { openThreadStore } from './prisma-thread-store';
import { joinedRowBytes, NEW_FILE_PAGE_SIZE } from './sqlite-page-size';
import type { ThreadStore } from './thread-store';

const piece = (seq: number): ThreadEvent => ({ seq, role: 'assistant', content: { type: 'text', text: `héllo wörld ${seq} ` } });

let folder: string;
let store: ThreadStore | undefined;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-page-size-'));
});

afterEach(async () => {
  await store?.close();
  store = undefined;
  await rm(folder, { recursive: true, force: true });
});

function fileFacts(file: string): { pageSize: number; longestRow: number } {
  const database = new Database(file, { readonly: true });
  try {
    const pageSize = Number(database.pragma('page_size', { simple: true }));
    const rows = database.prepare<[], { content: string }>('SELECT "content" FROM "ThreadEvent"').all();
    return { pageSize, longestRow: Math.max(...rows.map((row) => Buffer.byteLength(row.content))) };
  } finally {
    database.close();
  }
}

async function streamSlowly(file: string, pieces: number): Promise<ThreadEvent[]> {
  store = await openThreadStore({ databaseFile: file });
  const { id } = await store.createThread('pages');
  const events = Array.from({ length: pieces }, (_unused, index) => piece(index + 1));
  for (const event of events) await store.appendEvents(id, { events: [event] });
  expect(await store.getEventsAfter(id, 0)).toEqual(events);
  await store.close();
  store = undefined;
  return events;
}

describe('SQLite page size', () => {
  it('is small in a new file, and a run row stays within it', async () => {
    const file = path.join(folder, 'new.db');
    await streamSlowly(file, 300);

    const { pageSize, longestRow } = fileFacts(file);
    expect(pageSize).toBe(NEW_FILE_PAGE_SIZE);
    expect(longestRow).toBeLessThanOrEqual(joinedRowBytes(NEW_FILE_PAGE_SIZE));
    // Joined all the same: a row holds many pieces.
    expect(longestRow).toBeGreaterThan(joinedRowBytes(NEW_FILE_PAGE_SIZE) / 2);
  });

  it('stays as it was in a file made before, whose rows are bounded by its own', async () => {
    const file = path.join(folder, 'old.db');
    // An empty file of SQLite's default pages, as every file was made before.
    const old = new Database(file);
    old.exec('VACUUM');
    old.pragma('journal_mode = WAL');
    old.close();
    await streamSlowly(file, 300);

    const { pageSize, longestRow } = fileFacts(file);
    expect(pageSize).toBe(4096);
    expect(longestRow).toBeLessThanOrEqual(joinedRowBytes(4096));
    expect(longestRow).toBeGreaterThan(joinedRowBytes(NEW_FILE_PAGE_SIZE));
  });
});
