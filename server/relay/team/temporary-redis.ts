/**
 * A real Redis server for a team (its tests, `npm run team:demo`): Debian's `redis-server` on a free loopback port, in a
 * temporary folder, never saving to disk, gone when stopped.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../store/temporary-postgres';

export interface TemporaryRedis {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

export const REDIS_SERVER = process.env.BATON_REDIS_SERVER ?? '/usr/bin/redis-server';

export async function startTemporaryRedis(): Promise<TemporaryRedis> {
  const folder = await mkdtemp(path.join(tmpdir(), 'baton-redis-'));
  const port = await freePort();
  const server = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', folder], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    server.once('error', (error) => reject(new Error(`${REDIS_SERVER} could not start (apt-get install redis-server): ${error.message}`)));
    server.once('exit', (code) => reject(new Error(`redis-server exited with ${code} before it was ready:\n${output}`)));
    server.stdout.on('data', (data: Buffer) => {
      output += data.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
  }).catch(async (error: unknown) => {
    await rm(folder, { recursive: true, force: true });
    throw error;
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: server.pid,
    async stop() {
      server.kill('SIGTERM');
      await exited;
      await rm(folder, { recursive: true, force: true });
    },
  };
}
