/**
 * `node --import tsx scripts/checkpoint-growth.ts [--threads=10] [--turns=100] [--keep=50]`:
 * how large the shadow repository of workspace checkpoints grows over a scripted run, without and
 * with its retention. Each turn of each thread rewrites three files of a real workspace (new
 * content every time) between its start and end checkpoints, then half the threads are deleted.
 * "without" is what Baton did before: every ref kept, no garbage collection. "with" caps each
 * thread at --keep turns, drops the deleted threads' refs and collects (with no grace period, as
 * nothing else writes here; the relay keeps objects of the last 15 minutes).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Workspace } from '../server/workspace/workspace';
import { CheckpointCollector } from '../server/rewind/checkpoint-collector';
import { CheckpointRestore } from '../server/rewind/checkpoint-restore';
import { CheckpointRetention } from '../server/rewind/checkpoint-retention';
import { ShadowGit } from '../server/rewind/shadow-git';
import { TurnCheckpoints } from '../server/rewind/turn-checkpoints';
import { WorkspaceCheckpoints } from '../server/rewind/workspace-checkpoints';

const option = (name: string, fallback: number) =>
  Number(process.argv.find((argument) => argument.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const THREADS = option('threads', 10);
const TURNS = option('turns', 100);
const KEEP = option('keep', 50);
const FILES = 40;
const FILE_BYTES = 8 * 1024;

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    total += entry.isDirectory() ? await folderBytes(full) : (await stat(full)).size;
  }
  return total;
}

/** Text that compresses about as well as source code does: random words. */
const someText = () =>
  randomBytes(FILE_BYTES / 2)
    .toString('hex')
    .replace(/(.{8})/g, '$1 ');

async function run(retained: boolean): Promise<{ bytes: number; refs: number }> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'baton-checkpoint-growth-'));
  try {
    const dataDir = path.join(base, '.baton');
    await mkdir(dataDir);
    for (let file = 0; file < FILES; file += 1) await writeFile(path.join(base, `file-${file}.txt`), someText());
    const git = new ShadowGit(path.join(dataDir, 'workspace-checkpoints.git'), base, [dataDir]);
    const checkpoints = new WorkspaceCheckpoints(git);
    const retention = new CheckpointRetention(git, retained ? KEEP : Number.MAX_SAFE_INTEGER);
    const collector = new CheckpointCollector(git, { pruneGrace: 'now', delayMs: 2 ** 31 - 1 });
    const turns = new TurnCheckpoints(
      checkpoints,
      new CheckpointRestore(checkpoints, new Workspace(base)),
      () => true,
      console.log,
      retention,
      collector,
    );
    for (let turn = 0; turn < TURNS; turn += 1) {
      for (let thread = 0; thread < THREADS; thread += 1) {
        const end = await turns.begin(`thread-${thread}`, 'agent', turn * 2);
        for (let change = 0; change < 3; change += 1)
          await writeFile(path.join(base, `file-${(turn * 3 + change + thread) % FILES}.txt`), someText());
        await end?.();
      }
    }
    if (retained) {
      for (let thread = 0; thread < THREADS / 2; thread += 1) await turns.threadDeleted(`thread-${thread}`);
      await collector.collect();
    }
    await turns.close();
    const refs = (await git.run(['for-each-ref', '--format=%(refname)'])).toString('utf8').split('\n').filter(Boolean).length;
    return { bytes: await folderBytes(git.gitDir), refs };
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
console.log(
  `${THREADS} threads x ${TURNS} turns, 3 files of ${FILE_BYTES / 1024} KiB rewritten per turn, workspace of ${FILES} files; then ${THREADS / 2} threads deleted`,
);
const without = await run(false);
console.log(`without retention: ${mib(without.bytes)}, ${without.refs} refs`);
const withRetention = await run(true);
console.log(
  `with retention (keep ${KEEP} turns, deleted threads dropped, collected): ${mib(withRetention.bytes)}, ${withRetention.refs} refs`,
);
