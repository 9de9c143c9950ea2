/**
 * Bench item 9, the sandbox: what bubblewrap adds to starting one command, from asking for the
 * sandbox's plan (which looks up the paths to hide) to the command's exit, against spawning the
 * same command without it. `true` shows the start-up alone; `ls` a small real command. The
 * machine's load average is printed with the figures: on a shared machine it says how much to
 * trust them.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CommandSandbox } from '../server/process/command-sandbox';
import type { SpawnSpec } from '../server/process/sandbox-command';
import { SandboxConfigSchema } from '../server/process/sandbox-config';
import { formatNumber, formatTable, interleaved, median, numbersFromEnv, percentile, QUICK, ratio, section } from './bench-stats';

function run(spec: SpawnSpec): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(spec.command, [...spec.args], { cwd: spec.cwd, env: { ...spec.env } as NodeJS.ProcessEnv, stdio: 'ignore' });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${spec.command} exited with ${code}`))));
  });
}

async function time(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

export async function sandboxBench(): Promise<void> {
  const [runs = 200] = numbersFromEnv('BENCH_SANDBOX_RUNS', [QUICK ? 50 : 200]);
  section('9. Sandbox: start-up cost per command, bubblewrap against a plain spawn', [
    `${runs} runs of each command, interleaved; the sandboxed time includes looking up the paths to hide. Load average before: ${loadAverage()}.`,
  ]);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'baton-bench-sandbox-'));
  const workspaceRoot = path.join(folder, 'ws');
  await mkdir(path.join(workspaceRoot, '.baton'), { recursive: true });
  try {
    const sandbox = await CommandSandbox.start({
      config: SandboxConfigSchema.parse({}),
      workspaceRoot,
      dataDir: path.join(workspaceRoot, '.baton'),
      env: process.env,
    });
    if (!sandbox.availability.available) {
      console.log(`No figures: ${sandbox.availability.reason}.`);
      return;
    }
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
    const rows: string[][] = [];
    for (const [command, args] of [
      ['true', []],
      ['ls', ['-la', '/usr/bin']],
    ] as const) {
      const spec: SpawnSpec = { command, args, cwd: workspaceRoot, env };
      const [plain, sandboxed] = await interleaved(runs, [
        () => time(() => run(spec)),
        () => time(async () => run((await sandbox.plan()).wrap(spec))),
      ]);
      rows.push([
        [command, ...args].join(' '),
        formatNumber(median(plain!), 2),
        formatNumber(median(sandboxed!), 2),
        formatNumber(median(sandboxed!) - median(plain!), 2),
        formatNumber(percentile(sandboxed!, 90), 2),
        ratio(median(sandboxed!), median(plain!)),
      ]);
    }
    console.log(formatTable(['command', 'plain ms', 'sandboxed ms', 'added ms', 'sandboxed p90 ms', 'sandboxed/plain'], rows));
    console.log(`Load average after: ${loadAverage()}.`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
