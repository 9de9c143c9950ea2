/**
 * The lifecycle of each server, through the manager: servers that do not start, and running
 * servers that die, stop and start again, or are closed.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { McpClientError } from './mcp-client-error';
import {
  EVERYTHING_BIN,
  everythingWithPidFile,
  nodeScriptWithPidFile,
  readPid,
  recordUpdates,
  useMcpServerManagers,
} from './testing/mcp-support';
import { isProcessAlive } from './process-liveness';

const NEVER_ANSWERS = 'setInterval(() => {}, 1000);';
const IGNORES_SIGTERM = "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);";

/** The pids of live processes with `marker` among their arguments (Linux's /proc). */
async function processesWhoseArgumentsInclude(marker: string): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const arguments_ = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')));
  return pids.filter((_, index) => arguments_[index]!.split('\0').includes(marker)).map(Number);
}

const fixture = useMcpServerManagers();

describe('servers that do not start', () => {
  it('reports a server whose command exits at once as failed, with what it said', async () => {
    const manager = fixture.manage({
      servers: { broken: { command: process.execPath, args: ['-e', "console.error('missing API token'); process.exit(2)"] } },
    });
    const record = recordUpdates(manager);
    await manager.start();
    expect(record.of('broken').map((update) => update.status)).toEqual(['starting', 'failed']);
    expect(record.of('broken').at(-1)?.error).toMatch(/exited during start-up.*missing API token/);
    expect(manager.listTools()).toEqual([]);
    await expect(manager.callTool('broken__anything', {})).rejects.toMatchObject({ code: 'unknown-tool' });
  });

  it('reports a command that does not exist as failed', async () => {
    const manager = fixture.manage({ servers: { missing: { command: 'no-such-mcp-server-command' } } });
    const record = recordUpdates(manager);
    await manager.start();
    expect(record.of('missing').at(-1)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/Could not start no-such-mcp-server-command.*ENOENT/),
    });
  });

  it('fails a server that never answers initialize after the connect timeout, and kills it', async () => {
    // The process is found by a marker in its command line, not by a pid file it writes: on a busy
    // machine the timeout can kill it before it has run a line of its own.
    const marker = `never-answers-${process.pid}-${Date.now()}`;
    const manager = fixture.manage({
      servers: { silent: { command: process.execPath, args: ['-e', NEVER_ANSWERS, marker] } },
      connectTimeoutMs: 400,
    });
    const record = recordUpdates(manager);
    const started = Date.now();
    await manager.start();
    expect(record.of('silent').at(-1)).toMatchObject({ status: 'failed', error: 'No answer to initialize within 400 ms' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    // Reported failed only once its process is gone.
    expect(await processesWhoseArgumentsInclude(marker)).toEqual([]);
  });

  it('kills a server that ignores SIGTERM as well', async () => {
    // Stopped once it has installed its SIGTERM handler (it writes its pid file after that), so the
    // escalation to SIGKILL is what ends it, however long the machine took to start it.
    const pidFile = path.join(fixture.workDir, 'stubborn.pid');
    const manager = fixture.manage({ servers: { stubborn: nodeScriptWithPidFile(pidFile, IGNORES_SIGTERM) }, connectTimeoutMs: 600_000 });
    const starting = manager.start();
    const pid = await readPid(pidFile);
    await manager.stopServer('stubborn');
    await starting;
    expect(isProcessAlive(pid)).toBe(false);
  });

  it('reports a disabled server as disabled and starts it only when asked', async () => {
    const manager = fixture.manage({ servers: { later: { command: EVERYTHING_BIN, disabled: true } } });
    const record = recordUpdates(manager);
    await manager.start();
    expect(record.updates).toEqual([{ type: 'mcp', name: 'later', command: EVERYTHING_BIN, args: [], status: 'disabled' }]);
    await manager.startServer('later');
    expect(record.statusOf('later')).toBe('running');
  });

  it('stops a server that is still starting without waiting for the timeout', async () => {
    const pidFile = path.join(fixture.workDir, 'slow.pid');
    // A timeout longer than the test's own: waiting for it would fail the test.
    const manager = fixture.manage({ servers: { slow: nodeScriptWithPidFile(pidFile, NEVER_ANSWERS) }, connectTimeoutMs: 600_000 });
    const record = recordUpdates(manager);
    const starting = manager.start();
    const pid = await readPid(pidFile);
    await manager.stopServer('slow');
    await starting;
    expect(record.of('slow').map((update) => update.status)).toEqual(['starting', 'stopped']);
    expect(isProcessAlive(pid)).toBe(false);
  });
});

describe('a running server', () => {
  it('is reported failed when its process dies', async () => {
    const pidFile = path.join(fixture.workDir, 'crash.pid');
    const manager = fixture.manage({ servers: { fragile: everythingWithPidFile(pidFile) } });
    const record = recordUpdates(manager);
    await manager.start();
    expect(record.statusOf('fragile')).toBe('running');
    const call = manager.callTool('fragile__trigger-long-running-operation', { duration: 10, steps: 5 });
    process.kill(await readPid(pidFile), 'SIGKILL');
    await expect(call).rejects.toMatchObject({ code: 'server-not-running' });
    await record.until('fragile', 'failed');
    expect(record.of('fragile').at(-1)).toMatchObject({ error: 'The server exited unexpectedly', tools: [] });
    expect(manager.listTools()).toEqual([]);
    await expect(manager.callTool('fragile__echo', {})).rejects.toMatchObject({ code: 'unknown-tool' });
    await expect(manager.readResource('fragile', 'demo://x')).rejects.toMatchObject({
      code: 'server-not-running',
      message: expect.stringContaining('exited unexpectedly'),
    });
    // It can be started again.
    await manager.startServer('fragile');
    await expect(manager.callTool('fragile__echo', { message: 'back' })).resolves.toMatchObject({ text: 'Echo: back' });
  });

  it('stops and starts again', async () => {
    const pidFile = path.join(fixture.workDir, 'cycle.pid');
    const manager = fixture.manage({ servers: { cycle: everythingWithPidFile(pidFile) } });
    const record = recordUpdates(manager);
    await manager.start();
    const firstPid = await readPid(pidFile);

    await manager.stopServer('cycle');
    expect(record.of('cycle').at(-1)).toMatchObject({ status: 'stopped', tools: [] });
    expect(isProcessAlive(firstPid)).toBe(false);
    expect(manager.listTools()).toEqual([]);
    await expect(manager.listPrompts()).resolves.toEqual([]);

    await manager.startServer('cycle');
    expect(record.of('cycle').map((update) => update.status)).toEqual(['starting', 'running', 'stopped', 'starting', 'running']);
    const secondPid = await readPid(pidFile);
    expect(secondPid).not.toBe(firstPid);
    await expect(manager.callTool('cycle__echo', { message: 'again' })).resolves.toMatchObject({ text: 'Echo: again' });
  });

  it('leaves no process behind on close', async () => {
    const pidFiles = ['one', 'two', 'three'].map((name) => path.join(fixture.workDir, `close-${name}.pid`));
    const manager = fixture.manage({
      servers: {
        one: everythingWithPidFile(pidFiles[0] ?? ''),
        two: everythingWithPidFile(pidFiles[1] ?? ''),
        three: nodeScriptWithPidFile(pidFiles[2] ?? '', IGNORES_SIGTERM),
      },
      connectTimeoutMs: 20_000,
    });
    const record = recordUpdates(manager);
    const starting = manager.start();
    await record.until('one', 'running');
    await record.until('two', 'running');
    const pids = await Promise.all(pidFiles.map(readPid));
    expect(pids.every(isProcessAlive)).toBe(true);
    await manager.close();
    await starting;
    for (const pid of pids) expect(isProcessAlive(pid)).toBe(false);
    expect(manager.serverUpdates().map((update) => update.status)).toEqual(['stopped', 'stopped', 'stopped']);
    await expect(manager.startServer('one')).rejects.toMatchObject({ code: 'closed' });
  });

  it('refuses a server name it does not know', async () => {
    const manager = fixture.manage({ servers: {} });
    await expect(manager.stopServer('nope')).rejects.toBeInstanceOf(McpClientError);
    await expect(manager.getPrompt('nope', 'x', {})).rejects.toMatchObject({ code: 'unknown-server' });
  });
});
