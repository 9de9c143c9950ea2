/**
 * Debian's real nginx as a reverse proxy in front of the relay, on a free loopback port, with a
 * configuration and a prefix folder made for the test (nothing under /etc or /var). Started in the
 * foreground as this test's own child and stopped with it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { makeTempFolder } from './relay-process';

const NGINX = process.env.BATON_NGINX_PATH || '/usr/sbin/nginx';

export interface NginxProxy {
  origin: string;
  close(): Promise<void>;
}

/** What one `location` does with its prefix: hand the address on without it, or as it came. */
export interface ProxyLocation {
  prefix: string;
  relayPort: number;
  /** Strip the prefix (code-server's `/proxy/<port>/`) or keep it (`/absproxy/<port>/`). */
  stripPrefix: boolean;
  /** Forward the browser's Host header instead of nginx's default, the upstream's own address. */
  forwardHost: boolean;
  /** The port to listen on; a free one when absent. */
  port?: number;
}

export function nginxAvailable(): boolean {
  return existsSync(NGINX);
}

export async function startNginxProxy(location: ProxyLocation): Promise<NginxProxy> {
  const folder = await makeTempFolder('nginx');
  const port = location.port ?? (await freePort());
  await mkdir(path.join(folder.path, 'logs'));
  const running = process.getuid?.() === 0;
  // As root, nginx hands its workers to `user`; they must write the temporary files under the prefix.
  if (running) await chmod(folder.path, 0o755);
  const upstream = `http://127.0.0.1:${location.relayPort}${location.stripPrefix ? '/' : ''}`;
  const config = `
${running ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${folder.path}/nginx.pid;
error_log stderr warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${folder.path}/client_body;
  proxy_temp_path ${folder.path}/proxy;
  fastcgi_temp_path ${folder.path}/fastcgi;
  uwsgi_temp_path ${folder.path}/uwsgi;
  scgi_temp_path ${folder.path}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:${port};
    location ${location.prefix} {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      ${location.forwardHost ? 'proxy_set_header Host $http_host;' : ''}
      proxy_read_timeout 1h;
    }
  }
}
`;
  const configFile = path.join(folder.path, 'nginx.conf');
  await writeFile(configFile, config);
  const child = spawn(NGINX, ['-p', folder.path, '-c', configFile, '-e', 'stderr'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitUntilListening(child, port, () => stderr);
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await stop(child);
      await folder.remove();
    },
  };
}

/** A loopback port free now (for a server started right after, which a test must know beforehand). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once nginx accepts connections; rejects if it exits first, with what it said. */
async function waitUntilListening(child: ChildProcess, port: number, stderr: () => string): Promise<void> {
  const exited = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code) => reject(new Error(`nginx exited with ${code}:\n${stderr()}`))),
  );
  let gone = false;
  child.once('exit', () => (gone = true));
  const accepting = (async () => {
    while (!gone) {
      if (await connects(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    await Promise.race([accepting, exited]);
  } finally {
    // Its exit at the end of the test is no failure.
    exited.catch(() => undefined);
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // SIGTERM: nginx's fast shutdown, its workers included.
    child.kill('SIGTERM');
  });
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
