/**
 * Runs the real relay as a child process, as a user would (`bin/baton.mjs`, the launcher, which
 * becomes the relay itself where it can clear its environment block, as on Linux), and waits for its ready line. Each test gets its own workspace and data folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READY_LINE = /^Baton ready: (http:\/\/\S+)$/m;

export interface RelayProcess {
  /** The URL the relay printed, with the token. */
  url: string;
  /** The same address without the token. */
  origin: string;
  token: string;
  /** The launcher's pid (bin/baton.mjs, the process started here). */
  launcherPid: number;
  /** The relay's own pid, the process that starts the agent's children: the launcher's, as the launcher became the relay. */
  relayPid: number;
  /** SIGTERM to the launcher, which is the relay; resolves once it has exited. */
  stop(): Promise<void>;
  /** SIGKILL to the relay itself (a crash). Resolves once it has exited. */
  kill(): Promise<void>;
  /** Exited, or killed by a signal; null while the launcher runs. */
  exit(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

export interface RelayLaunch {
  /** Absent: no `--workspace`, so the relay works on the folder it starts in, Baton's own checkout. */
  workspaceRoot?: string;
  dataDir: string;
  /** The scripted model to use instead of the offline demo; absent means no API key. */
  modelBaseUrl?: string;
  token?: string;
  /** A fixed port (a restart that tabs should find again); a free one by default. */
  port?: number;
  /** More command-line options (`--frame-ancestors ...`, `--base-path ...`). */
  args?: readonly string[];
  /** A folder searched before the usual PATH: stand-in programs such as a browser opener. */
  pathPrefix?: string;
  /** More environment variables for the launcher (`BATON_SIGN_IN_CODE_SECONDS`, ...). */
  env?: Readonly<Record<string, string>>;
}

export async function makeTempFolder(prefix: string): Promise<{ path: string; remove(): Promise<void> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), `baton-${prefix}-`));
  return { path: folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

export async function startRelayProcess(launch: RelayLaunch): Promise<RelayProcess> {
  const env: NodeJS.ProcessEnv = {
    PATH: launch.pathPrefix ? `${launch.pathPrefix}${path.delimiter}${process.env.PATH}` : process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  if (launch.modelBaseUrl) {
    env.ANTHROPIC_API_KEY = 'test-key';
    env.ANTHROPIC_BASE_URL = launch.modelBaseUrl;
    env.BATON_MODEL = 'scripted-test-model';
  }
  if (launch.token) env.BATON_TOKEN = launch.token;
  Object.assign(env, launch.env);
  const child = spawn(
    process.execPath,
    [
      'bin/baton.mjs',
      '--port',
      String(launch.port ?? 0),
      ...(launch.workspaceRoot === undefined ? [] : ['--workspace', launch.workspaceRoot]),
      '--data-dir',
      launch.dataDir,
      ...(launch.args ?? []),
    ],
    { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = READY_LINE.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    // On close, not exit: the pipes may still hold the last of stderr (the reason) when the process exits.
    child.once('close', (code) => reject(new Error(`relay exited with ${code} before it was ready:\n${stderr}`)));
  });
  const parsed = new URL(url);
  const launcherPid = child.pid ?? -1;
  const relayPid = launcherPid;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return {
    url,
    origin: parsed.origin,
    token: new URLSearchParams(parsed.hash.slice(1)).get('token') ?? '',
    launcherPid,
    relayPid,
    stop: () => endProcess(child, 'SIGTERM'),
    kill: async () => {
      signalIfAlive(relayPid, 'SIGKILL');
      await exit;
    },
    exit: () => exit,
    stderr: () => stderr,
  };
}

function signalIfAlive(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch (error) {
    // ESRCH: it has already gone, which is what the signal was for.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

function endProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** For a failed test: whether the relay still runs (or how it ended) and the last of its stderr. */
export async function relayReport(relay: RelayProcess): Promise<string> {
  const running = Symbol('running');
  const ended = await Promise.race([relay.exit(), Promise.resolve(running)]);
  const state = ended === running ? 'still running' : `exited (code ${ended.code}, signal ${ended.signal})`;
  return `the relay (pid ${relay.relayPid}) is ${state}; the last of its stderr:\n${relay.stderr().slice(-4_000) || '(empty)'}`;
}
