// The body of the worker thread that checkpoints a SQLite file's write-ahead log (see
// wal-checkpoints.ts). Plain JavaScript, so Node runs it as it is, with no TypeScript loader in the
// worker. Every `intervalMs`, when another connection has committed since the last look (SQLite's
// data_version says so), it copies the log into the database with a PASSIVE checkpoint, which
// waits for no lock and blocks no reader or writer. It posts `ready` once its connection is open,
// `{ error }` when anything fails (then it stops), and stops when told `close`.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, intervalMs } = workerData;
let database;
let timer;

function stop() {
  clearInterval(timer);
  // The last connection to close checkpoints what is left and removes the log: often this one.
  database?.close();
  parentPort.close();
}

function fail(error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  stop();
}

try {
  database = new Database(file, { fileMustExist: true });
  // Unset, so that the first look checkpoints what was committed before the worker started.
  let seen;
  timer = setInterval(() => {
    try {
      const version = database.pragma('data_version', { simple: true });
      if (version === seen) return;
      seen = version;
      database.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      fail(error);
    }
  }, intervalMs);
  parentPort.postMessage('ready');
} catch (error) {
  fail(error);
}

parentPort.on('message', (message) => {
  if (message === 'close') stop();
});
