/**
 * Bench item 10, the guard: what judging one call costs, parse included (server/guard: the line
 * read by the shell parser, the files it names resolved, the rules applied), for 10,000 command
 * lines of the kind agents run, beside running one command without any judging (a spawn of
 * `/bin/sh -c` of a command that does nothing, the least any command costs). Medians of
 * interleaved runs; the load average beside each figure.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApprovalPolicy } from '../server/guard/approval-policy';
import { callCommands } from '../server/guard/call-commands';
import { commandPaths } from '../server/guard/command-paths';
import { Workspace } from '../server/workspace/workspace';
import { formatNumber, formatTable, interleaved, median, QUICK, ratio, section } from './bench-stats';
import { generateCommandLines } from './command-lines';

/** Rules of the kind a user writes: a few denies, asks and allows on programs and paths. */
const RULES = new ApprovalPolicy([
  { action: 'execute', program: 'rm', decision: 'deny' },
  { action: 'execute', program: 'git', args: { startsWith: 'push' }, decision: 'ask' },
  { action: 'execute', program: 'git', args: { startsWith: 'status' }, decision: 'allow' },
  { tool: 'shell_command', decision: 'allow', when: { argument: 'command', startsWith: 'ls' } },
  { action: 'write', path: { startsWith: 'secrets/' }, decision: 'deny' },
]);

async function judgeAll(lines: readonly string[], workspace: Workspace): Promise<number> {
  const started = performance.now();
  for (const line of lines) {
    const call = { name: 'shell_command', arguments: { command: line } };
    const commands = await callCommands(call);
    const touched = commands ? await commandPaths(commands, workspace) : { paths: [] };
    RULES.decide({ ...call, readOnly: false, commands, paths: touched.paths });
  }
  return ((performance.now() - started) * 1000) / lines.length;
}

function runPlain(cwd: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', 'true'], { cwd, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => resolve((performance.now() - started) * 1000));
  });
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

export async function guardBench(): Promise<void> {
  const count = QUICK ? 2_000 : 10_000;
  const runs = QUICK ? 3 : 5;
  const spawns = QUICK ? 50 : 200;
  section('10. The guard: judging one command line (parse, paths, rules) beside running a command unjudged', [
    `${formatNumber(count)} generated agent command lines per run; a plain run is one spawn of /bin/sh -c true (median of ${spawns}). Median of ${runs} interleaved runs, microseconds.`,
  ]);
  const root = await mkdtemp(path.join(os.tmpdir(), 'baton-bench-guard-'));
  try {
    const workspace = new Workspace(root);
    const lines = generateCommandLines(count);
    await judgeAll(lines.slice(0, 100), workspace); // loads the parser's WebAssembly once, as the relay's first call does
    const [judged, plain] = await interleaved(runs, [
      () => judgeAll(lines, workspace),
      async () => {
        const times: number[] = [];
        for (let index = 0; index < spawns; index += 1) times.push(await runPlain(root));
        return median(times);
      },
    ]);
    const judgeMicros = median(judged!);
    const plainMicros = median(plain!);
    console.log(
      formatTable(
        ['what', 'µs per command', 'vs a plain run', 'load average'],
        [
          ['judge one line (guard)', formatNumber(judgeMicros, 1), ratio(judgeMicros, plainMicros), load()],
          ['run /bin/sh -c true (plain)', formatNumber(plainMicros, 1), '1.00x', load()],
        ],
      ),
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
