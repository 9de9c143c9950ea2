/**
 * The page size of Baton's SQLite files. In write-ahead-log mode every commit appends each page it
 * changed, whole, to the log (and a checkpoint copies it to the database later): a streamed piece
 * committed alone, as a slow stream commits them, costs a page, whatever its few bytes. SQLite's
 * default page is 4 KiB; a new file is made with 1 KiB pages, so that cost is a quarter.
 * https://www.sqlite.org/pragma.html#pragma_page_size
 * A page size holds from a file's first write on: a file made before keeps its own (4 KiB), and
 * the store reads it rather than assume (joinedRowBytes).
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';

export const NEW_FILE_PAGE_SIZE = 1024;

/**
 * Makes `file` an empty database of NEW_FILE_PAGE_SIZE pages in WAL mode, unless it exists: done
 * before the migrations create the tables, for the page size can be set only before.
 */
export function createSqliteFile(file: string): void {
  if (existsSync(file)) return;
  const database = new Database(file);
  try {
    database.pragma(`page_size = ${NEW_FILE_PAGE_SIZE}`);
    // Writes the file's header, which fixes the page size.
    database.exec('VACUUM');
    database.pragma('journal_mode = WAL');
  } finally {
    database.close();
  }
}

/**
 * The longest a run row of streamed pieces grows by joining (prisma-thread-store.ts), in bytes of
 * content, on pages of `pageSize`: the whole row stays on its page (a table row's part on its page
 * is at most the page less 35 bytes; the other columns, a thread id among them, take under 150),
 * so a join rewrites one page and never a chain of overflow pages. At most 1,500 bytes on larger
 * pages: a longer row would only be rewritten longer.
 */
export function joinedRowBytes(pageSize: number): number {
  return Math.min(1_500, pageSize - 200);
}
