/**
 * Bench item 8, workspace checkpoints: what one checkpoint of an external agent's turn costs in a
 * workspace of many files (a turn takes one at its start and one at its end, and the agent hears the
 * prompt only after the first). Baton's `WorkspaceCheckpoints.take` against plain git doing the
 * same work on its own git directory over the same files: `add -A`, `write-tree`, `commit-tree`.
 * Baton does more: it leaves out files over 5 MB, which means looking at every file's size.
 * "first" is a workspace never checkpointed; "next" is after three files changed, as after a turn.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ShadowGit } from '../server/rewind/shadow-git';
import { WorkspaceCheckpoints } from '../server/rewind/workspace-checkpoints';
import { formatNumber, formatTable, interleaved, median, numbersFromEnv, QUICK, ratio, section } from './bench-stats';

const FILES_PER_FOLDER = 100;
const FILE_BYTES = 2 * 1024;

/** A workspace of `files` small source-like files, a hundred per folder. */
async function makeWorkspace(root: string, files: number): Promise<void> {
  const line = 'export const value = compute(input, options); // some source text\n';
  const body = line.repeat(Math.ceil(FILE_BYTES / line.length));
  for (let index = 0; index < files; index += 1) {
    const folder = path.join(root, `src${Math.floor(index / FILES_PER_FOLDER)}`);
    if (index % FILES_PER_FOLDER === 0) await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, `file${index}.ts`), `// ${index}\n${body}`);
  }
}

/** Three files rewritten, as an agent's turn would. */
async function changeThreeFiles(root: string, round: number): Promise<void> {
  for (let index = 0; index < 3; index += 1) {
    await writeFile(path.join(root, 'src0', `file${index}.ts`), `// round ${round}\nexport const changed = ${round};\n`);
  }
}

const execGit = promisify(execFile);

/** Plain git on its own git directory, with no user or system configuration. */
async function plainGit(gitDir: string, workTree: string, args: string[]): Promise<string> {
  const identity = {
    GIT_AUTHOR_NAME: 'bench',
    GIT_AUTHOR_EMAIL: 'bench@localhost',
    GIT_COMMITTER_NAME: 'bench',
    GIT_COMMITTER_EMAIL: 'bench@localhost',
  };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    GIT_DIR: gitDir,
    GIT_WORK_TREE: workTree,
    GIT_CONFIG_GLOBAL: os.devNull,
    GIT_CONFIG_NOSYSTEM: '1',
    HOME: gitDir,
    ...identity,
  };
  // Next.js's typings make NODE_ENV required on ProcessEnv; git needs no such thing.
  const { stdout } = await execGit('git', args, { cwd: workTree, env: env as NodeJS.ProcessEnv });
  return stdout.trim();
}

/** Plain git's checkpoint: the same three steps Baton's take ends with, without the size check. */
async function plainCheckpoint(gitDir: string, workTree: string): Promise<void> {
  await plainGit(gitDir, workTree, ['add', '-A']);
  const tree = await plainGit(gitDir, workTree, ['write-tree']);
  await plainGit(gitDir, workTree, ['commit-tree', tree, '-m', 'checkpoint']);
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export async function checkpointBench(): Promise<void> {
  const sizes = numbersFromEnv('BENCH_CHECKPOINT_FILES', QUICK ? [1_000, 10_000] : [1_000, 10_000, 50_000]);
  const runs = QUICK ? 3 : 5;
  section("8. Workspace checkpoints: one turn's checkpoint of an external agent's workspace, against plain git", [
    `Files of ${formatNumber(FILE_BYTES / 1024)} KiB, ${FILES_PER_FOLDER} per folder. first = a new shadow repository; next = after 3 files changed. Median of ${runs} interleaved runs.`,
  ]);
  const rows: string[][] = [];
  for (const files of sizes) {
    const root = await mkdtemp(path.join(os.tmpdir(), 'baton-bench-checkpoint-'));
    try {
      const workTree = path.join(root, 'workspace');
      await makeWorkspace(workTree, files);
      let fresh = 0;
      const firsts = await interleaved(runs, [
        async () => timed(() => new WorkspaceCheckpoints(new ShadowGit(path.join(root, `baton-${(fresh += 1)}.git`), workTree)).take()),
        async () => {
          const gitDir = path.join(root, `plain-${(fresh += 1)}.git`);
          await plainGit(gitDir, workTree, ['init', '--quiet']);
          return timed(() => plainCheckpoint(gitDir, workTree));
        },
      ]);
      const baton = new WorkspaceCheckpoints(new ShadowGit(path.join(root, 'baton-next.git'), workTree));
      const plainDir = path.join(root, 'plain-next.git');
      await plainGit(plainDir, workTree, ['init', '--quiet']);
      await baton.take();
      await plainCheckpoint(plainDir, workTree);
      let round = 0;
      const nexts = await interleaved(runs, [
        async () => {
          await changeThreeFiles(workTree, (round += 1));
          return timed(() => baton.take());
        },
        async () => {
          await changeThreeFiles(workTree, (round += 1));
          return timed(() => plainCheckpoint(plainDir, workTree));
        },
      ]);
      for (const [what, [batonTimes, plainTimes]] of [
        ['first', firsts],
        ['next', nexts],
      ] as const) {
        const batonMs = median(batonTimes!);
        const plainMs = median(plainTimes!);
        rows.push([`${formatNumber(files)} files, ${what}`, formatNumber(batonMs, 0), formatNumber(plainMs, 0), ratio(batonMs, plainMs)]);
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }
  console.log(formatTable(['workspace', 'Baton ms', 'plain git ms', 'Baton/git time'], rows));
}
