/**
 * A team of relays on this machine, every part real (`npm run team:demo`): a PostgreSQL server,
 * a Redis server, three relays started as a person starts Baton (`bin/baton.mjs --database …
 * --redis … --relay-id …`, one token for all), and nginx balancing them on one loopback port.
 * Everything is a child of this process; `stop` ends each and removes the temporary folders.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { findPostgresBinaries, MISSING_POSTGRES, startTemporaryPostgres } from '../../../store/temporary-postgres';
import { PROJECT_ROOT } from '../../project-root';
import { REDIS_SERVER, startTemporaryRedis } from '../temporary-redis';
import { startNginxBalancer } from './nginx-balancer';
import { NGINX, stopChild } from './nginx-server';

export const DEMO_RELAY_IDS = ['relay-a', 'relay-b', 'relay-c'] as const;

export interface TeamPrograms {
  /** PostgreSQL's bin folder; undefined when none was found. */
  postgresBin: string | undefined;
  redisServer: string;
  nginx: string;
}

export interface TeamDemoOptions {
  /** Keep the workspace, the relays' folders and the database here; a temporary folder otherwise. */
  dataDir?: string;
  /** The relays' environment (an ANTHROPIC_API_KEY in it means the real model; none, the offline demo). */
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  programs?: TeamPrograms;
}

export interface DemoRelay {
  id: string;
  /** The relay's own address, with the token: a tab on this relay alone. */
  url: string;
  pid: number | undefined;
}

export interface TeamDemo {
  /** nginx's address with the token: what a person opens. */
  url: string;
  relays: DemoRelay[];
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
  keptData: boolean;
  /** Every process started (relays, nginx, Redis, PostgreSQL). */
  pids: number[];
  stop(): Promise<void>;
}

export function defaultPrograms(): TeamPrograms {
  return { postgresBin: findPostgresBinaries(), redisServer: REDIS_SERVER, nginx: NGINX };
}

/** What is missing, each with the command that installs it; empty when all is there. */
export function missingPrograms(programs: TeamPrograms): string[] {
  const missing: string[] = [];
  if (programs.postgresBin === undefined || !existsSync(path.join(programs.postgresBin, 'postgres'))) missing.push(MISSING_POSTGRES);
  if (!existsSync(programs.redisServer)) missing.push(`${programs.redisServer} was not found: apt-get install -y redis-server`);
  if (!existsSync(programs.nginx)) missing.push(`${programs.nginx} was not found: apt-get install -y nginx`);
  return missing;
}

export async function startTeamDemo(options: TeamDemoOptions = {}): Promise<TeamDemo> {
  const programs = options.programs ?? defaultPrograms();
  const missing = missingPrograms(programs);
  if (missing.length > 0) throw new Error(`The team demo cannot start:\n- ${missing.join('\n- ')}`);
  const log = options.log ?? (() => undefined);
  const keptData = options.dataDir !== undefined;
  // A missing folder is made later; only a folder that exists as something else is refused.
  if (keptData && (await stat(options.dataDir as string).catch(() => undefined))?.isDirectory() === false) {
    throw new Error(`--data ${options.dataDir} is a file, not a folder: name a folder (it is made if missing)`);
  }
  const dataDir = keptData ? path.resolve(options.dataDir as string) : await mkdtemp(path.join(tmpdir(), 'baton-team-demo-'));
  const stops: Array<() => Promise<void>> = [];
  const pids: number[] = [];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step();
  };
  if (!keptData) stops.push(() => rm(dataDir, { recursive: true, force: true }));
  try {
    const workspace = path.join(dataDir, 'workspace');
    await mkdir(workspace, { recursive: true });
    // As root, PostgreSQL runs as the postgres user, which must pass through a kept folder to its own.
    if (keptData && process.getuid?.() === 0) await chmod(dataDir, 0o711);
    // The offline demo's turn reads the README before it proposes an edit.
    const readme = path.join(workspace, 'README.md');
    if (!existsSync(readme)) await writeFile(readme, '# A team demo\n\nA workspace the three relays share.\n');
    const postgres = await startTemporaryPostgres({ dataFolder: keptData ? path.join(dataDir, 'postgres') : undefined });
    stops.push(() => postgres.stop());
    if (postgres.pid !== undefined) pids.push(postgres.pid);
    const databaseUrl = await ensureDatabase(postgres.createDatabase.bind(postgres), postgres.url('baton'));
    const redis = await startTemporaryRedis();
    stops.push(() => redis.stop());
    if (redis.pid !== undefined) pids.push(redis.pid);
    const token = randomBytes(32).toString('base64url');
    const start = (id: string) =>
      startRelay({
        id,
        workspace,
        dataDir: path.join(dataDir, id),
        databaseUrl,
        redisUrl: redis.url,
        token,
        env: options.env ?? process.env,
        log,
      });
    const launched: Array<{ relay: DemoRelay; child: ChildProcess }> = [];
    const track = (started: { relay: DemoRelay; child: ChildProcess }) => {
      launched.push(started);
      stops.push(() => stopChild(started.child));
      if (started.relay.pid !== undefined) pids.push(started.relay.pid);
    };
    // The first alone: it builds what a first start builds and migrates the database, once.
    const [first, ...others] = DEMO_RELAY_IDS;
    track(await start(first));
    for (const started of await Promise.all(others.map(start))) track(started);
    const relays = launched.map(({ relay }) => relay);
    const nginx = await startNginxBalancer(
      relays.map((relay) => Number(new URL(relay.url).port)),
      programs.nginx,
    );
    stops.push(() => nginx.stop());
    if (nginx.pid !== undefined) pids.push(nginx.pid);
    return { url: `${nginx.origin}/#token=${token}`, relays, databaseUrl, redisUrl: redis.url, dataDir, keptData, pids, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The `baton` database, made on the first run (a kept data folder already has it). */
async function ensureDatabase(create: (name: string) => Promise<string>, url: string): Promise<string> {
  try {
    return await create('baton');
  } catch (error) {
    if ((error as { code?: string }).code === '42P04') return url;
    throw error;
  }
}

interface RelayLaunch {
  id: string;
  workspace: string;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  token: string;
  env: NodeJS.ProcessEnv;
  log(line: string): void;
}

async function startRelay(launch: RelayLaunch): Promise<{ relay: DemoRelay; child: ChildProcess }> {
  const args = ['bin/baton.mjs', '--port', '0', '--workspace', launch.workspace, '--data-dir', launch.dataDir];
  args.push('--database', launch.databaseUrl, '--redis', launch.redisUrl, '--relay-id', launch.id);
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env: { ...launch.env, BATON_TOKEN: launch.token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  createInterface({ input: child.stderr! }).on('line', (line) => launch.log(`${launch.id}: ${line}`));
  const exited = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code) => reject(new Error(`relay ${launch.id} exited with ${code} before it was ready (its lines above say why)`))),
  );
  // Raced against readiness below, which reports it; this keeps an exit after readiness from being an unhandled rejection.
  exited.catch(() => undefined);
  const ready = (async () => {
    for await (const line of createInterface({ input: child.stdout! })) {
      const url = /^Baton ready: (\S+)$/.exec(line)?.[1];
      if (url) return url;
    }
    return exited;
  })();
  try {
    return { relay: { id: launch.id, url: await Promise.race([ready, exited]), pid: child.pid }, child };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}
