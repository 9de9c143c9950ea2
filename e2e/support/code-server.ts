/**
 * Real code-server for the extension's browser test: installed once into the cache folder by
 * scripts/install-code-server.sh (a no-op when it is there), the extension packed as a .vsix by
 * the project's own script and installed with `code-server --install-extension`, then code-server
 * started on a free loopback port with no login, a user-data and an extensions folder of its own.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempFolder } from './relay-process';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LISTENING_LINE = /HTTP server listening on (http:\/\/\S+?)\/?\s/;

export interface CodeServer {
  /** `http://127.0.0.1:PORT`, code-server's origin. */
  origin: string;
  /** The workbench with `folder` open. */
  workbenchUrl(folder: string): string;
  output(): string;
  stop(): Promise<void>;
}

/** Installs code-server if missing; returns its launcher. */
export function installCodeServer(): string {
  const printed = execFileSync('bash', [path.join(PROJECT_ROOT, 'scripts/install-code-server.sh')], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return printed.trim().split('\n').at(-1) ?? '';
}

/** Builds the .vsix with `npm run vscode:package`'s script; returns its path. */
export function packageExtension(): string {
  const printed = execFileSync(process.execPath, [path.join(PROJECT_ROOT, 'scripts/package-vscode-extension.mjs')], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return printed.trim().split('\n').at(-1) ?? '';
}

export interface CodeServerLaunch {
  launcher: string;
  vsix: string;
  /** The user settings (settings.json) of this code-server. */
  settings: Record<string, unknown>;
}

export async function startCodeServer(launch: CodeServerLaunch): Promise<CodeServer> {
  const home = await makeTempFolder('code-server');
  const userDataDir = path.join(home.path, 'user-data');
  const extensionsDir = path.join(home.path, 'extensions');
  await mkdir(path.join(userDataDir, 'User'), { recursive: true });
  await writeFile(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(launch.settings, null, 2));
  const folders = ['--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
  execFileSync(launch.launcher, [...folders, '--install-extension', launch.vsix], { stdio: ['ignore', 'pipe', 'pipe'] });

  const environment: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home.path,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  // Its own process group, so that stopping it also stops the extension host and the relay it started.
  const child = spawn(
    launch.launcher,
    [
      ...folders,
      '--auth',
      'none',
      '--bind-addr',
      '127.0.0.1:0',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
    ],
    { env: environment, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING_LINE.exec(output);
      if (match?.[1]) resolve(new URL(match[1]).origin);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`code-server exited with ${code} before it listened:\n${output}`)));
  });
  return {
    origin,
    workbenchUrl: (folder) => `${origin}/?folder=${encodeURIComponent(folder)}`,
    output: () => output,
    stop: async () => {
      await stopGroup(child);
      await home.remove();
    },
  };
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch (error) {
    // ESRCH: the group has already gone.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
  return exited;
}
