/**
 * Real MCP servers for the tests, from node_modules: the published everything and filesystem
 * servers, a wrapper that writes the server's pid to a file first (so that a test can kill it or
 * check that it is gone), managers that are closed after each test, and small waits with a bound.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { McpServerConfigInput } from '../mcp-config';
import { McpServerManager, type McpServerManagerOptions } from '../mcp-server-manager';
import type { McpServerStatus, McpServerUpdate } from '../mcp-server-update';
import { isProcessAlive } from '../process-liveness';

const MODULES = path.resolve('node_modules');
export const EVERYTHING_BIN = path.join(MODULES, '.bin', 'mcp-server-everything');
export const FILESYSTEM_BIN = path.join(MODULES, '.bin', 'mcp-server-filesystem');
const EVERYTHING_ENTRY = path.join(MODULES, '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

/** Writes its pid to argv[1], then runs the module named by MCP_ENTRY in the same process. */
const PID_WRAPPER = [
  "require('node:fs').writeFileSync(process.argv[1], String(process.pid));",
  "import(require('node:url').pathToFileURL(process.env.MCP_ENTRY).href);",
].join(' ');

/** The everything server, in a process whose pid lands in `pidFile` each time it starts. */
export function everythingWithPidFile(pidFile: string): McpServerConfigInput {
  return { command: process.execPath, args: ['-e', PID_WRAPPER, pidFile], env: { MCP_ENTRY: EVERYTHING_ENTRY } };
}

/** A node process running `script` with its pid written to `pidFile` first. */
export function nodeScriptWithPidFile(pidFile: string, script: string): McpServerConfigInput {
  return {
    command: process.execPath,
    args: ['-e', `require('node:fs').writeFileSync(process.argv[1], String(process.pid)); ${script}`, pidFile],
  };
}

export interface McpServerManagers {
  /** A temporary folder for the test file: the managers' working directory, and room for pid files. */
  workDir: string;
  /** A manager working in `workDir`, closed after the test. */
  manage(options: Omit<McpServerManagerOptions, 'cwd'>): McpServerManager;
}

/** Registers the hooks that make the file's `workDir`, close each test's managers, and remove `workDir`. */
export function useMcpServerManagers(): McpServerManagers {
  const managers: McpServerManager[] = [];
  const fixture: McpServerManagers = {
    workDir: '',
    manage(options) {
      const manager = new McpServerManager({ cwd: fixture.workDir, shutdownGraceMs: 500, ...options });
      managers.push(manager);
      return manager;
    },
  };
  beforeAll(async () => {
    fixture.workDir = await mkdtemp(path.join(tmpdir(), 'baton-mcp-'));
  });
  afterEach(async () => {
    await Promise.all(managers.splice(0).map((manager) => manager.close()));
  });
  afterAll(async () => {
    await rm(fixture.workDir, { recursive: true, force: true });
  });
  return fixture;
}

export async function readPid(pidFile: string): Promise<number> {
  await eventually(async () => (await readFile(pidFile, 'utf8').catch(() => '')) !== '', `${pidFile} to be written`);
  return Number(await readFile(pidFile, 'utf8'));
}

export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function expectProcessGone(pid: number, timeoutMs = 10_000) {
  return eventually(() => !isProcessAlive(pid), `process ${pid} to exit`, timeoutMs);
}

/** Every update the manager sends, and a way to wait for one. */
export function recordUpdates(manager: McpServerManager) {
  const updates: McpServerUpdate[] = [];
  manager.onServerUpdated((update) => updates.push(update));
  const statusOf = (name: string) => manager.serverUpdates().find((update) => update.name === name)?.status;
  return {
    updates,
    of: (name: string) => updates.filter((update) => update.name === name),
    statusOf,
    until: (name: string, status: McpServerStatus, timeoutMs?: number) =>
      eventually(() => statusOf(name) === status, `${name} to be ${status}`, timeoutMs),
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The everything server over streamable HTTP on `port`; resolves once it listens. */
export async function startEverythingOverHttp(port: number): Promise<ChildProcess> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', PORT: String(port) };
  const child = spawn(process.execPath, [EVERYTHING_ENTRY, 'streamableHttp'], {
    // Next.js's typings make NODE_ENV required on ProcessEnv; a child's environment needs no such thing.
    env: { ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await eventually(() => stderr.includes(`listening on port ${port}`), 'the HTTP server to listen');
  return child;
}
