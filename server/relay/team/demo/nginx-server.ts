/**
 * Debian's real nginx as our own child: a configuration and a prefix folder made for it (nothing
 * under /etc or /var), on a loopback port, in the foreground, stopped with its workers. The team
 * demo balances its relays with it (nginx-balancer.ts); the browser tests put it in front of a relay.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../store/temporary-postgres';

export const NGINX = process.env.BATON_NGINX_PATH || '/usr/sbin/nginx';

export interface NginxServer {
  origin: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** `http`: what goes in the `http` block besides its temporary folders; `port` is where `listen` must point. */
export interface NginxLaunch {
  http(port: number): string;
  /** The port to listen on; a free one when absent. */
  port?: number;
  workerConnections?: number;
  nginx?: string;
}

export async function startNginx(launch: NginxLaunch): Promise<NginxServer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'baton-nginx-'));
  const port = launch.port ?? (await freePort());
  const asRoot = process.getuid?.() === 0;
  // As root, nginx hands its workers to `user`; they must reach the temporary files under the prefix.
  if (asRoot) await chmod(folder, 0o755);
  await mkdir(path.join(folder, 'logs'));
  const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${folder}/${kind};`);
  const config = `${asRoot ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log stderr warn;
events { worker_connections ${launch.workerConnections ?? 64}; }
http {
  access_log off;
${temporary.join('\n')}
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
${launch.http(port)}
}
`;
  const configFile = path.join(folder, 'nginx.conf');
  await writeFile(configFile, config);
  const nginx = launch.nginx ?? NGINX;
  const child = spawn(nginx, ['-p', folder, '-c', configFile, '-e', 'stderr'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const stop = async () => {
    await stopChild(child);
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await untilListening(child, port, () => said);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid, stop };
}

/** Resolves once nginx accepts connections; rejects with what it said if it exits first. */
async function untilListening(child: ChildProcess, port: number, said: () => string): Promise<void> {
  let exit: string | undefined;
  child.once('error', (error) => (exit = `could not start (apt-get install -y nginx): ${error.message}`));
  child.once('exit', (code) => (exit ??= `exited with ${code}`));
  while (!(await accepts(port))) {
    if (exit !== undefined) throw new Error(`nginx ${exit}:\n${said()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** SIGTERM (nginx's fast shutdown takes its workers with it), SIGKILL if it is still there 10 s later. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
