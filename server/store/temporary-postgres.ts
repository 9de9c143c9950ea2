/**
 * A real PostgreSQL server for tests and for writing migrations: Debian's `postgresql` package,
 * a fresh data folder in the system's temp folder, listening on loopback only, trusted logins for
 * the one user `baton`, gone when stopped.
 *
 * PostgreSQL refuses to run as root, so as root the server runs as the package's `postgres` user
 * (through `setpriv`, which execs in place: the child is the server itself, and a signal reaches
 * it), and that user owns the data folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TemporaryPostgres {
  /** A URL for this database on the server (created by `createDatabase`). */
  url(database: string): string;
  /** Creates an empty database and answers its URL. */
  createDatabase(database: string): Promise<string>;
  /** The server's process (the postmaster, which ends its sessions' processes with it). */
  pid: number | undefined;
  stop(): Promise<void>;
}

const USER = 'baton';
const DEBIAN_VERSIONS_FOLDER = '/usr/lib/postgresql';

/** `BATON_POSTGRES_BIN`, else the newest of Debian's versioned folders. */
export function findPostgresBinaries(): string | undefined {
  const chosen = process.env.BATON_POSTGRES_BIN;
  if (chosen) return chosen;
  if (!existsSync(DEBIAN_VERSIONS_FOLDER)) return undefined;
  const versions = readdirSync(DEBIAN_VERSIONS_FOLDER)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  const folder = versions.map((version) => path.join(DEBIAN_VERSIONS_FOLDER, version, 'bin')).find(existsSync);
  return folder;
}

export const MISSING_POSTGRES =
  "PostgreSQL's programs were not found: install Debian's postgresql package (apt-get install -y postgresql), " +
  'or set BATON_POSTGRES_BIN to the folder holding initdb and postgres.';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP port was given');
  return address.port;
}

/** The command line that runs `program` as the server's user. */
function asServerUser(program: string, args: string[]): [string, string[]] {
  const isRoot = process.getuid?.() === 0;
  return isRoot ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', program, ...args]] : [program, args];
}

function run(program: string, args: string[]): void {
  const [command, commandArgs] = asServerUser(program, args);
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(program)} failed: ${result.error?.message ?? result.stderr}`);
  }
}

/** Resolves once the server logs that it accepts connections; rejects if it exits first. */
function waitUntilReady(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    const onData = (data: Buffer) => {
      log += data.toString();
      if (log.includes('ready to accept connections')) {
        server.stderr?.off('data', onData);
        server.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) => reject(new Error(`postgres exited with ${code} before it was ready:\n${log}`));
    server.stderr?.on('data', onData);
    server.once('exit', onExit);
  });
}

/**
 * `dataFolder`: keep the cluster there (made on first use, kept when stopped) instead of in the
 * temporary folder, which then holds only the server's socket.
 */
export async function startTemporaryPostgres(options: { dataFolder?: string } = {}): Promise<TemporaryPostgres> {
  const binaries = findPostgresBinaries();
  if (binaries === undefined) throw new Error(MISSING_POSTGRES);
  const folder = await mkdtemp(path.join(tmpdir(), 'baton-postgres-'));
  const dataFolder = options.dataFolder ?? path.join(folder, 'data');
  if (options.dataFolder) await mkdir(dataFolder, { recursive: true, mode: 0o700 });
  if (process.getuid?.() === 0) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const groups = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (ids.status !== 0) throw new Error(`Running as root needs the postgres user that Debian's package creates. ${MISSING_POSTGRES}`);
    for (const owned of [folder, options.dataFolder ?? folder]) await chown(owned, Number(ids.stdout.trim()), Number(groups.stdout.trim()));
  }
  if (!existsSync(path.join(dataFolder, 'PG_VERSION'))) {
    run(path.join(binaries, 'initdb'), ['-D', dataFolder, '-A', 'trust', '-U', USER, '-E', 'UTF8', '--no-sync']);
  }
  const port = await freePort();
  // Durability is not what these databases are for: fsync off keeps tests fast on a busy disk.
  const [command, args] = asServerUser(path.join(binaries, 'postgres'), [
    '-D',
    dataFolder,
    '-p',
    String(port),
    '-k',
    folder,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
  ]);
  const server = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    await waitUntilReady(server);
  } catch (error) {
    server.kill('SIGKILL');
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  // Keep reading the log so that a full pipe never stalls the server.
  server.stderr?.resume();
  const url = (database: string) => `postgresql://${USER}@127.0.0.1:${port}/${database}`;
  return {
    url,
    pid: server.pid,
    async createDatabase(database) {
      if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`not a plain database name: ${database}`);
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${database}`);
      } finally {
        await client.end();
      }
      return url(database);
    },
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        // SIGINT: "fast shutdown", which ends every session and exits at once.
        server.kill('SIGINT');
        await exited;
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}
