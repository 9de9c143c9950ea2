// The body of the worker thread that checkpoints a SQLite file's write-ahead log (see
// wal-checkpoints.ts). Plain JavaScript, so Node runs it as it is, with no TypeScript loader in the
// worker. Every `intervalMs` it looks whether another connection has committed since its last look
// (SQLite's data_version says so). It copies the log into the database with a PASSIVE checkpoint,
// which waits for no lock and blocks no reader or writer, once the commits pause (a look finds none
// new) or `maxDelayMs` after the first commit it has not copied, whichever comes first. It posts
// `ready` once its connection is open, `{ error }` when anything fails (then it stops), and stops
// when told `close`.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, intervalMs, maxDelayMs } = workerData;
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
  // Unset, so that the first look counts what was committed before the worker started.
  let seen;
  /** When the first commit not yet copied was seen; undefined when everything is copied. */
  let uncopiedSince;
  timer = setInterval(() => {
    try {
      const version = database.pragma('data_version', { simple: true });
      const now = Date.now();
      if (version !== seen) {
        seen = version;
        uncopiedSince ??= now;
        // Still committing: a checkpoint now would copy pages the next commits write again.
        if (now - uncopiedSince < maxDelayMs) return;
      } else if (uncopiedSince === undefined) return;
      database.pragma('wal_checkpoint(PASSIVE)');
      uncopiedSince = undefined;
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
