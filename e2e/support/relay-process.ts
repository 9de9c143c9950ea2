/**
 * Runs the real relay as a child process, as a user would (`bin/baton.mjs`), and waits for its
 * ready line. Each test gets its own workspace and data folder.
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
  stop(): Promise<void>;
  kill(): Promise<void>;
  stderr(): string;
}

export interface RelayLaunch {
  workspaceRoot: string;
  dataDir: string;
  /** The scripted model to use instead of the offline demo; absent means no API key. */
  modelBaseUrl?: string;
  token?: string;
  /** A fixed port (a restart that tabs should find again); a free one by default. */
  port?: number;
}

export async function makeTempFolder(prefix: string): Promise<{ path: string; remove(): Promise<void> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), `baton-${prefix}-`));
  return { path: folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

export async function startRelayProcess(launch: RelayLaunch): Promise<RelayProcess> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
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
  const child = spawn(
    process.execPath,
    ['bin/baton.mjs', '--port', String(launch.port ?? 0), '--workspace', launch.workspaceRoot, '--data-dir', launch.dataDir],
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
    child.once('exit', (code) => reject(new Error(`relay exited with ${code} before it was ready:\n${stderr}`)));
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: new URLSearchParams(parsed.hash.slice(1)).get('token') ?? '',
    stop: () => endProcess(child, 'SIGTERM'),
    kill: () => endProcess(child, 'SIGKILL'),
    stderr: () => stderr,
  };
}

function endProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
