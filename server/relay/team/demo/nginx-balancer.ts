/**
 * Debian's nginx in front of a team's relays on one loopback port: a configuration and a prefix
 * folder of its own (nothing under /etc or /var), in the foreground as our child, stopped with it.
 *
 * Sticky by client address (`hash $remote_addr consistent`): a client keeps its relay, and when a
 * relay goes, only its clients move. socket.io needs no more than that here, as Baton's tabs speak
 * WebSocket alone (one connection, never a poll that could land on another relay).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../store/temporary-postgres';

export const NGINX = process.env.BATON_NGINX_PATH || '/usr/sbin/nginx';

export interface NginxBalancer {
  origin: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

export function balancerConfig(folder: string, port: number, relayPorts: readonly number[], asRoot: boolean): string {
  const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${folder}/${kind};`);
  return `${asRoot ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log stderr warn;
events { worker_connections 4096; }
http {
  access_log off;
${temporary.join('\n')}
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream baton_team {
    hash $remote_addr consistent;
${relayPorts.map((relayPort) => `    server 127.0.0.1:${relayPort};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://baton_team;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      # The browser's Host goes on, so that each relay's Origin check sees the address the page came from.
      proxy_set_header Host $http_host;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

export async function startNginxBalancer(relayPorts: readonly number[], nginx = NGINX): Promise<NginxBalancer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'baton-nginx-'));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // As root, nginx hands its workers to `user`; they must reach the temporary files under the prefix.
  if (asRoot) await chmod(folder, 0o755);
  await mkdir(path.join(folder, 'logs'));
  const configFile = path.join(folder, 'nginx.conf');
  await writeFile(configFile, balancerConfig(folder, port, relayPorts, asRoot));
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
  child.once('error', (error) => (exit = `could not start (apt-get install nginx): ${error.message}`));
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

/** SIGTERM, nginx's fast shutdown, which takes its workers with it; resolves once it has exited. */
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
