/**
 * The baseline of the history bench: a plain socket.io server on the relay's own database file,
 * answering the tab's requests with the SQL Baton's store runs for them, and nothing else (no
 * schema checks, no hub): `node --import tsx bench/plain-history-server.ts <database-file>` prints
 * `ready <origin>`.
 * - getThreads {limit}: the first page of the thread list (Baton's listThreads query);
 * - openThread {threadId}: the thread's tail as the recorder loads it (server/hub/recorded-state.ts:
 *   the thread's row, its last entry, the last TAIL_ENTRIES entry rows, the events after them, in
 *   one read transaction), kept in memory as Baton keeps a loaded thread; joins the thread's room;
 * - getThreadEntries {threadId, limit}: the last `limit` entries of that tail, and the thread's
 *   last usage report (its own indexed query, as Baton reads it).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { Server } from 'socket.io';
import { TAIL_ENTRIES } from '../server/hub/thread-tail';
import { answerIpc } from './ipc-peer';

const [databaseFile] = process.argv.slice(2);
if (!databaseFile) throw new Error('usage: plain-history-server.ts <database-file>');
const database = new Database(databaseFile);
database.pragma('journal_mode = WAL');
database.pragma('busy_timeout = 100');

const listPage = database.prepare(
  'SELECT id, title, modifiedAt, agent, archivedAt FROM "Thread" WHERE deletedAt IS NULL AND archivedAt IS NULL ORDER BY modifiedAt DESC, id DESC LIMIT ?',
);
const threadRow = database.prepare('SELECT entriesSeq, liveFrom FROM "Thread" WHERE id = ?');
const lastEntry = database.prepare('SELECT seq FROM "ThreadEntry" WHERE threadId = ? ORDER BY seq DESC LIMIT 1');
const entriesFrom = database.prepare('SELECT seq, data FROM "ThreadEntry" WHERE threadId = ? AND seq >= ? ORDER BY seq ASC');
const holdingEvent = database.prepare('SELECT seq, type FROM "ThreadEvent" WHERE threadId = ? AND seq <= ? ORDER BY seq DESC LIMIT 1');
const eventsFrom = database.prepare('SELECT seq, role, type, content FROM "ThreadEvent" WHERE threadId = ? AND seq >= ? ORDER BY seq ASC');
const lastUsage = database.prepare(
  `SELECT seq, content FROM "ThreadEvent" WHERE threadId = ? AND type IN ('usage', 'run:usage') ORDER BY seq DESC LIMIT 1`,
);

interface Tail {
  entries: unknown[];
  firstIndex: number;
  lastSeq: number;
}

const tails = new Map<string, Tail>();

const loadTail = database.transaction((threadId: string): Tail => {
  const thread = threadRow.get(threadId) as { entriesSeq: number | null; liveFrom: number | null } | undefined;
  const last = lastEntry.get(threadId) as { seq: number } | undefined;
  const count = last === undefined ? 0 : last.seq + 1;
  const firstIndex = Math.max(0, Math.min(thread?.liveFrom ?? count, count - TAIL_ENTRIES));
  const entries = (entriesFrom.all(threadId, firstIndex) as Array<{ data: string }>).map((row) => JSON.parse(row.data) as unknown);
  const seq = thread?.entriesSeq ?? 0;
  const holding = holdingEvent.get(threadId, seq) as { seq: number; type: string } | undefined;
  const events = eventsFrom.all(threadId, holding?.type.startsWith('run:') ? holding.seq : seq + 1) as Array<{
    seq: number;
    type: string;
    content: string;
  }>;
  // The events after the stored entries, parsed as Baton replays them; a run row holds a piece a text.
  const lastSeq = events.reduce((latest, event) => {
    const content = JSON.parse(event.content) as { texts?: unknown[] };
    return Math.max(latest, event.type.startsWith('run:') ? event.seq + (content.texts?.length ?? 1) - 1 : event.seq);
  }, seq);
  return { entries, firstIndex, lastSeq };
});

function tailOf(threadId: string): Tail {
  let tail = tails.get(threadId);
  if (!tail) tails.set(threadId, (tail = loadTail(threadId)));
  return tail;
}

type Params = { threadId?: string; limit?: number };

function answer(method: string | undefined, params: Params, join: (threadId: string) => void): unknown {
  if (method === 'getThreads') return { threads: listPage.all((params.limit ?? 50) + 1).slice(0, params.limit ?? 50) };
  const threadId = String(params.threadId);
  if (method === 'openThread') {
    tailOf(threadId);
    join(threadId);
    return null;
  }
  if (method === 'getThreadEntries') {
    const tail = tailOf(threadId);
    const limit = params.limit ?? tail.entries.length;
    const entries = tail.entries.slice(-limit);
    const usage = lastUsage.get(threadId) as { content: string } | undefined;
    return {
      entries,
      lastSeq: tail.lastSeq,
      firstIndex: tail.firstIndex + tail.entries.length - entries.length,
      turnRunning: false,
      ...(usage ? { usage: JSON.parse(usage.content) as unknown } : {}),
    };
  }
  throw new Error(`unknown method ${method}`);
}

const httpServer = createServer();
const io = new Server(httpServer, { transports: ['websocket'], serveClient: false });
io.on('connection', (socket) => {
  const join = (threadId: string) => {
    for (const room of socket.rooms) if (room.startsWith('thread:')) void socket.leave(room);
    void socket.join(`thread:${threadId}`);
  };
  socket.on('rpc', (message: { id?: number; method?: string; params?: Params }) => {
    if (message.id === undefined) return;
    try {
      socket.emit('rpc', { jsonrpc: '2.0', id: message.id, result: answer(message.method, message.params ?? {}, join) });
    } catch (error) {
      socket.emit('rpc', { jsonrpc: '2.0', id: message.id, error: { code: -32603, message: String(error) } });
    }
  });
});

httpServer.listen(0, '127.0.0.1', () => {
  const { port } = httpServer.address() as AddressInfo;
  process.stdout.write(`ready http://127.0.0.1:${port}\n`);
});
// The bench reads this process's CPU time over IPC when it started it with a channel.
if (process.send) answerIpc();
process.once('SIGTERM', () => {
  void io.close(() => {
    database.close();
    process.exit(0);
  });
});
