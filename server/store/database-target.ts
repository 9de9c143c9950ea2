/**
 * Which database the store runs on: the SQLite file in the data folder by default, or a
 * PostgreSQL server named by a URL (`--database` / `BATON_DATABASE_URL`), for a team.
 */
import path from 'node:path';

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgresql'; url: string };

export const SQLITE_FILE_NAME = 'baton.db';

const POSTGRES_SCHEMES = new Set(['postgres:', 'postgresql:']);

/**
 * `postgres://` and `postgresql://` URLs name a PostgreSQL server; `file:<path>` names a SQLite
 * file (relative to the data folder); nothing means the data folder's own SQLite file. Anything
 * else is refused here, before a connection is tried, with the accepted forms.
 */
export function databaseTarget(options: { databaseUrl?: string; dataDir: string }): DatabaseTarget {
  const { databaseUrl, dataDir } = options;
  if (databaseUrl === undefined || databaseUrl === '') {
    return { kind: 'sqlite', file: path.join(dataDir, SQLITE_FILE_NAME) };
  }
  if (databaseUrl.startsWith('file:')) {
    const file = databaseUrl.slice('file:'.length);
    if (file === '') throw new Error('The database URL "file:" names no file; write file:<path>.');
    const resolved = path.resolve(dataDir, file);
    // The data folder is what every agent is kept out of; a database file elsewhere would not be.
    const relative = path.relative(dataDir, resolved);
    if (relative.startsWith('..') || path.isAbsolute(relative)) {
      throw new Error(`The SQLite file must be inside the data folder (${dataDir}), out of the agents' reach; move both with --data-dir.`);
    }
    return { kind: 'sqlite', file: resolved };
  }
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new Error(`The database URL is not a URL; use postgresql://user@host:port/database or file:<path>.`);
  }
  if (!POSTGRES_SCHEMES.has(url.protocol)) {
    throw new Error(`Baton stores threads in SQLite (file:<path>) or PostgreSQL (postgresql://…), not ${url.protocol}//.`);
  }
  if (url.pathname.length <= 1) throw new Error('The PostgreSQL URL names no database: add /<database> after the host.');
  return { kind: 'postgresql', url: databaseUrl };
}

/** For logs: the target without its password. */
export function describeDatabase(target: DatabaseTarget): string {
  if (target.kind === 'sqlite') return target.file;
  const url = new URL(target.url);
  if (url.password !== '') url.password = '***';
  return url.toString();
}
