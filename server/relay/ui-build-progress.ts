/**
 * Runs the UI build as a child process and tells the user, on stderr, how it is going: the first
 * start of a fresh clone builds the page for about a minute on 2 cores, and a start that prints
 * nothing for that long looks hung. Each line the build prints is passed on with the time spent so
 * far; a quiet stretch (Next.js compiles for most of a minute without a word) gets a "still
 * building" line on every tick; the end says how long it took.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface BuildCommand {
  file: string;
  args: readonly string[];
  cwd: string;
  env: Record<string, string | undefined>;
}

export interface BuildProgressOptions {
  /** Writes one line for the user (stderr: stdout carries the ready line alone). */
  log: (message: string) => void;
  /** Why the build runs now: said first, before the build's own lines. */
  reason: string;
  /** Milliseconds since some fixed point; Date.now by default. */
  now?: () => number;
  /** Calls back now and then while the build runs, until the returned function stops it; every 15 s by default. */
  ticker?: (tick: () => void) => () => void;
}

const TICK_MS = 15_000;
const everyFifteenSeconds = (tick: () => void) => {
  const timer = setInterval(tick, TICK_MS);
  return () => clearInterval(timer);
};

/** Runs each command in turn and resolves when all succeeded; the first failure rejects with its exit code. */
export async function buildWithProgress(
  commands: ReadonlyArray<BuildCommand | (() => Promise<void>)>,
  options: BuildProgressOptions,
): Promise<void> {
  const now = options.now ?? Date.now;
  const started = now();
  const seconds = () => Math.round((now() - started) / 1000);
  let quiet = true;
  options.log(`${options.reason}: building the page (about a minute on 2 cores)…`);
  const stopTicking = (options.ticker ?? everyFifteenSeconds)(() => {
    if (quiet) options.log(`still building the page, ${seconds()} s so far…`);
    quiet = true;
  });
  try {
    for (const command of commands) {
      if (typeof command === 'function') await command();
      else
        await runCommand(command, (line) => {
          quiet = false;
          options.log(`[${seconds()} s] ${line}`);
        });
    }
  } finally {
    stopTicking();
  }
  options.log(`page built in ${seconds()} s`);
}

function runCommand(command: BuildCommand, onLine: (line: string) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command.file, [...command.args], {
      cwd: command.cwd,
      // Next.js's typings make NODE_ENV required on ProcessEnv; the build sets it for itself.
      env: command.env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let open = 2;
    let exit: number | null | undefined;
    const settle = () => {
      // Every line is passed on before the result: the last lines usually say why a build failed.
      if (open > 0 || exit === undefined) return;
      if (exit === 0) resolve();
      else reject(new Error(`the page's build (${command.args.join(' ')}) exited with ${exit}`));
    };
    for (const stream of [child.stdout, child.stderr]) {
      const lines = createInterface({ input: stream, crlfDelay: Infinity });
      lines.on('line', (line) => {
        const step = line.trim();
        if (step) onLine(step);
      });
      lines.once('close', () => {
        open -= 1;
        settle();
      });
    }
    child.once('error', reject);
    child.once('close', (code) => {
      exit = code;
      settle();
    });
  });
}
