/**
 * `baton export` and `baton import`, which read and write the store directly, without a relay.
 *
 * Both open the store the relay would: `--database` or `BATON_DATABASE_URL` (a PostgreSQL URL, or
 * `file:<path>` in the data folder), else the data folder's baton.db.
 *
 * - `baton export <threadId|--all> --format json|markdown|org [--out PATH] [--data-dir DIR] [--workspace DIR] [--database URL]`
 *   reads only, so it works while a relay runs on the same data folder. One thread goes to stdout,
 *   or to the file --out names; --all writes a file per thread into the folder --out names (the
 *   current folder by default).
 * - `baton import FILE [--data-dir DIR] [--workspace DIR] [--database URL]` creates a new thread from a JSON export.
 *   It takes the data folder's lock, so it refuses while a relay runs there: that relay would not
 *   know of the new thread; import through its UI instead.
 *
 * Exports are not redacted: they hold what the thread holds, secrets included.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ExportFormatSchema, MAX_IMPORT_CHARS } from '../../lib/protocol/thread-export';
import { DataDirLockedError, lockDataDir } from '../store/data-dir-lock';
import { databaseTarget, type DatabaseTarget } from '../store/database-target';
import { openThreadStore } from '../store/prisma-thread-store';
import type { ThreadStore } from '../store/thread-store';
import { exportStoredThread, importThreadFile } from './thread-archive';

export const EXPORT_USAGE =
  'Usage: baton export <threadId|--all> --format json|markdown|org [--out PATH] [--data-dir DIR] [--workspace DIR] [--database URL]\n';
export const IMPORT_USAGE = 'Usage: baton import FILE [--data-dir DIR] [--workspace DIR] [--database URL]\n';

type Environment = Readonly<Record<string, string | undefined>>;

export class CommandError extends Error {}

interface Output {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processOutput: Output = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

const folderOptions = { workspace: { type: 'string' }, 'data-dir': { type: 'string' }, database: { type: 'string' } } as const;

function dataDirOf(values: { workspace?: string; 'data-dir'?: string }): { workspace: string; dataDir: string } {
  const workspace = path.resolve(values.workspace ?? process.cwd());
  return { workspace, dataDir: path.resolve(values['data-dir'] ?? path.join(workspace, '.baton')) };
}

/** The relay's choice of database (databaseTarget), its refusals as the command's own errors. */
function targetOf(values: { database?: string }, dataDir: string, env: Environment): DatabaseTarget {
  try {
    return databaseTarget({ databaseUrl: values.database ?? env.BATON_DATABASE_URL, dataDir });
  } catch (error) {
    throw new CommandError(error instanceof Error ? error.message : String(error));
  }
}

async function openExisting(target: DatabaseTarget, dataDir: string): Promise<ThreadStore> {
  // Opening would create an empty SQLite store; a mistyped folder should say so instead.
  if (target.kind === 'sqlite' && !existsSync(target.file)) {
    throw new CommandError(
      `There is no Baton data in ${dataDir} (no ${path.relative(dataDir, target.file)}); pass --data-dir or --workspace.`,
    );
  }
  return openThreadStore({ database: target });
}

export async function runExportCommand(
  args: readonly string[],
  output: Output = processOutput,
  env: Environment = process.env,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      ...folderOptions,
      format: { type: 'string' },
      out: { type: 'string' },
      all: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    output.stdout(EXPORT_USAGE);
    return 0;
  }
  const format = ExportFormatSchema.safeParse(values.format);
  if (!format.success) throw new CommandError(`--format must be json, markdown or org.\n${EXPORT_USAGE}`);
  if (values.all === positionals.length > 0 || positionals.length > 1)
    throw new CommandError(`Name one thread, or --all.\n${EXPORT_USAGE}`);
  const { workspace, dataDir } = dataDirOf(values);
  const store = await openExisting(targetOf(values, dataDir, env), dataDir);
  try {
    const source = { store, workspace };
    if (!values.all) {
      const file = await exportStoredThread(source, positionals[0] as string, format.data);
      if (values.out === undefined) output.stdout(file.content);
      else await writeFile(values.out, file.content);
      return 0;
    }
    const folder = path.resolve(values.out ?? '.');
    await mkdir(folder, { recursive: true });
    const { threads } = await store.listThreads();
    for (const thread of threads) {
      const file = await exportStoredThread(source, thread.id, format.data);
      await writeFile(path.join(folder, file.fileName), file.content);
    }
    output.stderr(`Exported ${threads.length} thread${threads.length === 1 ? '' : 's'} to ${folder}\n`);
    return 0;
  } finally {
    await store.close();
  }
}

export async function runImportCommand(
  args: readonly string[],
  output: Output = processOutput,
  env: Environment = process.env,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { ...folderOptions, help: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    output.stdout(IMPORT_USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new CommandError(`Name one file to import.\n${IMPORT_USAGE}`);
  const { dataDir } = dataDirOf(values);
  // A database it cannot use is refused before the file is read.
  const target = targetOf(values, dataDir, env);
  const file = path.resolve(positionals[0] as string);
  const size = (await stat(file)).size;
  if (size > MAX_IMPORT_CHARS * 4) throw new CommandError(`${file} is too large to import (${size} bytes).`);
  const content = await readFile(file, 'utf8');
  const lock = await lockDataDir(dataDir).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      throw new CommandError(`${error.message}\nA relay is running on this data folder: import the file with its Import button instead.`);
    }
    throw error;
  });
  try {
    const store = await openThreadStore({ database: target });
    try {
      const { threadId } = await importThreadFile(store, content);
      output.stdout(`${threadId}\n`);
      return 0;
    } finally {
      await store.close();
    }
  } finally {
    await lock.release();
  }
}
