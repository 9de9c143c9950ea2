import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { McpResourceContextSchema } from '../../../../lib/protocol/eca/chat-context';
import { ChatCommandSchema } from '../../../../lib/protocol/eca/chat-methods';
import { ToolServerUpdatedParamsSchema } from '../../../../lib/protocol/eca/tool-servers';
import { McpClientError } from './mcp-client-error';
import { promptCommand } from './mcp-prompts';
import { McpServerManager, type McpServerManagerOptions } from './mcp-server-manager';
import {
  EVERYTHING_BIN,
  FILESYSTEM_BIN,
  expectProcessGone,
  everythingWithPidFile,
  freePort,
  nodeScriptWithPidFile,
  readPid,
  recordUpdates,
  startEverythingOverHttp,
} from './mcp-test-support';
import { isProcessAlive } from './process-liveness';

const NEVER_ANSWERS = 'setInterval(() => {}, 1000);';
const IGNORES_SIGTERM = "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);";

let workDir: string;
const managers: McpServerManager[] = [];

function manage(options: Omit<McpServerManagerOptions, 'cwd'>): McpServerManager {
  const manager = new McpServerManager({ cwd: workDir, shutdownGraceMs: 500, ...options });
  managers.push(manager);
  return manager;
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'baton-mcp-'));
});
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.close()));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('the everything and filesystem servers from npm', () => {
  let manager: McpServerManager;
  let sandbox: string;
  let record: ReturnType<typeof recordUpdates>;

  beforeAll(async () => {
    sandbox = await mkdtemp(path.join(workDir, 'sandbox-'));
    await writeFile(path.join(sandbox, 'notes.txt'), 'first line\nsecond line\n');
    manager = new McpServerManager({
      cwd: workDir,
      servers: {
        everything: { command: EVERYTHING_BIN, env: { GREETING: 'from the config' } },
        files: { command: FILESYSTEM_BIN, args: [sandbox] },
      },
      // Secrets in the relay's environment that must not reach a server.
      inheritedEnv: { PATH: process.env.PATH, HOME: workDir, ANTHROPIC_API_KEY: 'sk-secret', BATON_TOKEN: 'token-secret' },
      toolCallTimeoutMs: 2_000,
    });
    record = recordUpdates(manager);
    await manager.start();
  });
  afterAll(() => manager.close());

  it('reports each server starting, then running with its tools', () => {
    for (const name of ['everything', 'files']) {
      expect(record.of(name).map((update) => update.status)).toEqual(['starting', 'running']);
    }
    const running = record.of('everything').at(-1);
    expect(running).toMatchObject({ type: 'mcp', name: 'everything', command: EVERYTHING_BIN, args: [], status: 'running' });
    expect(running?.error).toBeUndefined();
    const echo = running?.tools?.find((tool) => tool.name === 'echo');
    expect(echo).toMatchObject({ description: expect.stringContaining('Echo'), parameters: { type: 'object' } });
    expect(echo?.parameters).toMatchObject({ properties: { message: { type: 'string' } } });
    // What goes out as tool/serverUpdated fits the protocol schema (which leaves `error` out).
    for (const update of record.updates) expect(ToolServerUpdatedParamsSchema.parse(update)).toMatchObject({ status: update.status });
  });

  it('offers the tools to the model under prefixed names that fit Anthropic', () => {
    const tools = manager.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['everything__echo', 'everything__get-sum', 'files__read_text_file']));
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(tools.find((tool) => tool.name === 'everything__echo')?.input_schema).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' } },
    });
    expect(manager.resolveTool('files__list_directory')).toEqual({ server: 'files', tool: 'list_directory' });
    expect(manager.resolveTool('read_file')).toBeUndefined();
  });

  it('calls a tool and returns its text', async () => {
    await expect(manager.callTool('everything__echo', { message: 'hello there' })).resolves.toEqual({
      text: 'Echo: hello there',
      isError: false,
    });
    const sum = await manager.callTool('everything__get-sum', { a: 2, b: 3 });
    expect(sum.text).toContain('5');
  });

  it('describes non-text content briefly instead of passing base64 on', async () => {
    const result = await manager.callTool('everything__get-tiny-image', {});
    expect(result.text).toMatch(/\[image: image\/png, \d+ bytes\]/);
    expect(result.text.length).toBeLessThan(1_000);
  });

  it('starts a server with PATH, HOME and its own variables only: none of the relay secrets', async () => {
    const { text } = await manager.callTool('everything__get-env', {});
    const env = JSON.parse(text) as Record<string, string>;
    expect(env).toEqual({ PATH: process.env.PATH, HOME: workDir, GREETING: 'from the config' });
  });

  it('cancels a running tool call when the signal aborts', async () => {
    const abort = new AbortController();
    const call = manager.callTool('everything__trigger-long-running-operation', { duration: 10, steps: 5 }, abort.signal);
    setTimeout(() => abort.abort(), 100);
    const started = Date.now();
    await expect(call).rejects.toMatchObject({ name: 'McpClientError', code: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives up on a tool call after the timeout', async () => {
    await expect(
      manager.callTool('everything__trigger-long-running-operation', { duration: 10, steps: 5 }),
    ).rejects.toMatchObject({ code: 'timeout', message: expect.stringContaining('timed out') });
    // The server is still there for the next call.
    await expect(manager.callTool('everything__echo', { message: 'still here' })).resolves.toMatchObject({ isError: false });
  });

  it('refuses a tool name it does not know', async () => {
    await expect(manager.callTool('everything__no_such_tool', {})).rejects.toMatchObject({ code: 'unknown-tool' });
  });

  it('lists prompts with their arguments and gets one as text', async () => {
    const prompts = await manager.listPrompts();
    expect(prompts).toContainEqual({
      server: 'everything',
      name: 'args-prompt',
      description: expect.any(String),
      arguments: [
        { name: 'city', description: expect.any(String), required: true },
        { name: 'state', required: false },
      ],
    });
    for (const prompt of prompts) expect(ChatCommandSchema.safeParse(promptCommand(prompt)).success).toBe(true);
    const prompt = await manager.getPrompt('everything', 'args-prompt', { city: 'Lisbon', state: 'Portugal' });
    expect(prompt.messages).toEqual([{ role: 'user', text: expect.stringContaining('Lisbon') }]);
    expect(prompt.text).toContain('Lisbon');
  });

  it('lists resources as mcpResource contexts and reads one', async () => {
    const resources = await manager.listResources();
    const architecture = resources.find((resource) => resource.name === 'architecture.md');
    expect(architecture).toEqual({
      type: 'mcpResource',
      uri: 'demo://resource/static/document/architecture.md',
      name: 'architecture.md',
      description: expect.any(String),
      mimeType: 'text/markdown',
      server: 'everything',
    });
    for (const resource of resources) expect(McpResourceContextSchema.parse(resource)).toEqual(resource);
    const text = await manager.readResource('everything', architecture?.uri ?? '');
    expect(text).toMatch(/^# /m);
  });

  it('lists and reads a file inside the directory the filesystem server is confined to', async () => {
    const listing = await manager.callTool('files__list_directory', { path: sandbox });
    expect(listing).toEqual({ text: expect.stringContaining('[FILE] notes.txt'), isError: false });
    const read = await manager.callTool('files__read_text_file', { path: path.join(sandbox, 'notes.txt') });
    expect(read).toEqual({ text: 'first line\nsecond line\n', isError: false });
  });

  it('returns the filesystem server refusing a path outside its directory as an error result', async () => {
    const outside = await manager.callTool('files__read_text_file', { path: path.join(workDir, 'elsewhere.txt') });
    expect(outside.isError).toBe(true);
    expect(outside.text).toMatch(/access denied|outside allowed/i);
  });
});

describe('servers that do not start', () => {
  it('reports a server whose command exits at once as failed, with what it said', async () => {
    const manager = manage({
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
    const manager = manage({ servers: { missing: { command: 'no-such-mcp-server-command' } } });
    const record = recordUpdates(manager);
    await manager.start();
    expect(record.of('missing').at(-1)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/Could not start no-such-mcp-server-command.*ENOENT/),
    });
  });

  it('fails a server that never answers initialize after the connect timeout, and kills it', async () => {
    const pidFile = path.join(workDir, 'silent.pid');
    const manager = manage({ servers: { silent: nodeScriptWithPidFile(pidFile, NEVER_ANSWERS) }, connectTimeoutMs: 400 });
    const record = recordUpdates(manager);
    const started = Date.now();
    await manager.start();
    const elapsed = Date.now() - started;
    expect(record.of('silent').at(-1)).toMatchObject({ status: 'failed', error: 'No answer to initialize within 400 ms' });
    expect(elapsed).toBeGreaterThanOrEqual(400);
    expect(elapsed).toBeLessThan(5_000);
    // Reported failed only once its process is gone.
    expect(isProcessAlive(await readPid(pidFile))).toBe(false);
  });

  it('kills a server that ignores SIGTERM as well', async () => {
    const pidFile = path.join(workDir, 'stubborn.pid');
    const manager = manage({ servers: { stubborn: nodeScriptWithPidFile(pidFile, IGNORES_SIGTERM) }, connectTimeoutMs: 300 });
    await manager.start();
    expect(manager.serverUpdates()[0]).toMatchObject({ status: 'failed' });
    expect(isProcessAlive(await readPid(pidFile))).toBe(false);
  });

  it('reports a disabled server as disabled and starts it only when asked', async () => {
    const manager = manage({ servers: { later: { command: EVERYTHING_BIN, disabled: true } } });
    const record = recordUpdates(manager);
    await manager.start();
    expect(record.updates).toEqual([{ type: 'mcp', name: 'later', command: EVERYTHING_BIN, args: [], status: 'disabled' }]);
    await manager.startServer('later');
    expect(record.statusOf('later')).toBe('running');
  });

  it('stops a server that is still starting without waiting for the timeout', async () => {
    const pidFile = path.join(workDir, 'slow.pid');
    const manager = manage({ servers: { slow: nodeScriptWithPidFile(pidFile, NEVER_ANSWERS) }, connectTimeoutMs: 20_000 });
    const record = recordUpdates(manager);
    const starting = manager.start();
    const pid = await readPid(pidFile);
    const stopped = Date.now();
    await manager.stopServer('slow');
    await starting;
    expect(Date.now() - stopped).toBeLessThan(5_000);
    expect(record.of('slow').map((update) => update.status)).toEqual(['starting', 'stopped']);
    expect(isProcessAlive(pid)).toBe(false);
  });
});

describe('a running server', () => {
  it('is reported failed when its process dies', async () => {
    const pidFile = path.join(workDir, 'crash.pid');
    const manager = manage({ servers: { fragile: everythingWithPidFile(pidFile) } });
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
    const pidFile = path.join(workDir, 'cycle.pid');
    const manager = manage({ servers: { cycle: everythingWithPidFile(pidFile) } });
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
    const pidFiles = ['one', 'two', 'three'].map((name) => path.join(workDir, `close-${name}.pid`));
    const manager = manage({
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
    const manager = manage({ servers: {} });
    await expect(manager.stopServer('nope')).rejects.toBeInstanceOf(McpClientError);
    await expect(manager.getPrompt('nope', 'x', {})).rejects.toMatchObject({ code: 'unknown-server' });
  });
});

describe('a streamable HTTP server', () => {
  it('connects by URL, calls a tool and stops', async () => {
    const port = await freePort();
    const server = await startEverythingOverHttp(port);
    try {
      const manager = manage({ servers: { remote: { url: `http://127.0.0.1:${port}/mcp` } } });
      const record = recordUpdates(manager);
      await manager.start();
      expect(record.of('remote').at(-1)).toMatchObject({
        status: 'running',
        command: `http://127.0.0.1:${port}/mcp`,
        args: [],
        tools: expect.arrayContaining([expect.objectContaining({ name: 'echo' })]),
      });
      await expect(manager.callTool('remote__echo', { message: 'over http' })).resolves.toEqual({
        text: 'Echo: over http',
        isError: false,
      });
      await manager.stopServer('remote');
      expect(record.statusOf('remote')).toBe('stopped');
    } finally {
      server.kill();
      if (server.pid !== undefined) await expectProcessGone(server.pid);
    }
  });

  it('is reported failed once the server can no longer be reached', async () => {
    const port = await freePort();
    const server = await startEverythingOverHttp(port);
    const manager = manage({ servers: { remote: { url: `http://127.0.0.1:${port}/mcp` } } });
    const record = recordUpdates(manager);
    await manager.start();
    expect(record.statusOf('remote')).toBe('running');
    server.kill('SIGKILL');
    await record.until('remote', 'failed');
    expect(record.of('remote').at(-1)?.error).toMatch(/can no longer be reached.*fetch failed/);
    await expect(manager.callTool('remote__echo', { message: 'x' })).rejects.toMatchObject({ code: 'unknown-tool' });
  });

  it('fails when nothing listens at the URL', async () => {
    const port = await freePort();
    const manager = manage({ servers: { absent: { url: `http://127.0.0.1:${port}/mcp` } } });
    await manager.start();
    expect(manager.serverUpdates()[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/ECONNREFUSED|fetch failed/) });
  });
});
