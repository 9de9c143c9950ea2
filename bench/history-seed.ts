/**
 * The history bench's data: threads and long threads written with raw SQL into a migrated SQLite
 * file, as the recorder leaves a thread whose turn is over (Thread.liveFrom = the entry count).
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { ThreadEntry } from '../lib/protocol/thread-model';

export function seedThreads(database: Database.Database, count: number, from: number): void {
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
      type: 'toolCall',
      id: `call-${index}`,
      name: 'edit_file',
      server: 'builtin',
      origin: 'native',
      status: 'succeeded',
      arguments: { path: `src/file-${index}.ts` },
      outputText: 'Edited.',
      details: { type: 'fileChange', path: `src/file-${index}.ts`, diff: '-old line\n+new line\n', linesAdded: 1, linesRemoved: 1 },
    };
  }
  const text = `Entry ${index}: some **Markdown** with \`code\` and a list.\n\n- one\n- two\n\n\`\`\`ts\nconst x = ${index};\n\`\`\`\n`;
  return { type: 'message', role: index % 2 === 0 ? 'user' : 'assistant', chunks: [{ type: 'text', chunk: text }] };
}

/** A thread of `count` entries; answers its id. */
export function seedEntries(database: Database.Database, count: number): string {
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

/** A copy of a thread under a new id: a thread of the same size that no process has opened yet. */
export function cloneThread(database: Database.Database, threadId: string): string {
  const copy = randomUUID();
  database.transaction(() => {
    database
      .prepare(
        'INSERT INTO "Thread" (id, title, createdAt, modifiedAt, liveFrom) SELECT ?, title, createdAt, modifiedAt, liveFrom FROM "Thread" WHERE id = ?',
      )
      .run(copy, threadId);
    database
      .prepare(
        'INSERT INTO "ThreadEntry" (threadId, seq, type, data, updatedAt) SELECT ?, seq, type, data, updatedAt FROM "ThreadEntry" WHERE threadId = ?',
      )
      .run(copy, threadId);
  })();
  return copy;
}
