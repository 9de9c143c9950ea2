import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import type { RpcError } from '../../lib/rpc/errors';
import { contentLengthFraming } from '../../lib/rpc/framing/content-length-reader';
import type { MessageFraming } from '../../lib/rpc/framing/message-framing';
import { ndjsonFraming } from '../../lib/rpc/framing/ndjson-reader';
import type { ProtocolDefinition } from '../../lib/protocol/protocol-definition';
import { RpcConnection } from '../../lib/rpc/rpc-connection';
import { AgentProcessError, spawnAgentProcess, type AgentProcess } from './agent-process';

/** Child programs, run with `node -e`: real processes on real pipes. */
const ECHO = 'process.stdin.pipe(process.stdout); process.stderr.write("echo ready\\n");';
const STUBBORN = `
  process.on('SIGTERM', () => process.stderr.write('ignoring SIGTERM\\n'));
  const { spawn } = require('node:child_process');
  const grandchild = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
  require('node:fs').writeFileSync(process.argv[1], String(grandchild.pid));
  setInterval(() => {}, 1000);
  process.stderr.write('stubborn ready\\n');
`;

let workDir: string;
const started: AgentProcess[] = [];

beforeEach(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'baton-agent-process-'));
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((agent) => agent.shutdown()));
  await rm(workDir, { recursive: true, force: true });
});

async function startNode(script: string, framing: MessageFraming, extra: { args?: string[]; env?: Record<string, string> } = {}) {
  const logLines: string[] = [];
  const agent = await spawnAgentProcess({
    command: process.execPath,
    args: ['-e', script, ...(extra.args ?? [])],
    cwd: workDir,
    env: extra.env ?? {},
    framing,
    log: (line) => logLines.push(line),
    shutdownGraceMs: { afterStdinEnd: 300, afterSigterm: 300 },
  });
  started.push(agent);
  return { agent, logLines };
}

function collect(agent: AgentProcess) {
  const messages: unknown[] = [];
  const waiters: Array<() => void> = [];
  agent.transport.onmessage = (message) => {
    messages.push(message);
    for (const wake of waiters.splice(0)) wake();
  };
  const received = async (count: number) => {
    while (messages.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return messages;
  };
  return { received };
}

async function eventually(check: () => boolean, what: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
  // A killed process nobody has reaped yet (a zombie, state Z) is dead for our purposes.
  return process.platform !== 'linux' || !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

describe.each([contentLengthFraming, ndjsonFraming])('an agent process speaking $name', (framing) => {
  it('carries messages both ways over real pipes, large and multi-byte ones included', async () => {
    const { agent, logLines } = await startNode(ECHO, framing);
    const { received } = collect(agent);
    const sent = [
      { jsonrpc: '2.0', method: 'hello', params: { text: 'naïve 🎉' } },
      { jsonrpc: '2.0', id: 1, result: { fill: 'x'.repeat(1024 * 1024) } },
      [
        { jsonrpc: '2.0', method: 'a' },
        { jsonrpc: '2.0', method: 'b' },
      ],
    ];
    for (const message of sent) agent.transport.send(message);
    await expect(received(3)).resolves.toEqual(sent);
    await eventually(() => logLines.includes('agent stderr: echo ready'), 'the stderr line');
    await expect(agent.shutdown()).resolves.toEqual({ code: 0, signal: null });
  });
});

describe('spawnAgentProcess', () => {
  it('gives the child exactly the environment and working directory asked for', async () => {
    const script = 'process.stdout.write(JSON.stringify({ env: process.env, cwd: process.cwd() }) + "\\n")';
    const { agent } = await startNode(script, ndjsonFraming, { env: { BATON_TEST: 'yes' } });
    const { received } = collect(agent);
    const [report] = await received(1);
    expect(report).toEqual({ env: { BATON_TEST: 'yes' }, cwd: workDir });
  });

  it('runs no shell: shell syntax in an argument stays a literal argument', async () => {
    const script = 'process.stdout.write(JSON.stringify(process.argv.slice(1)) + "\\n")';
    const { agent } = await startNode(script, ndjsonFraming, { args: ['$HOME; echo hi', '*'] });
    const { received } = collect(agent);
    await expect(received(1)).resolves.toEqual([['$HOME; echo hi', '*']]);
  });

  it('answers bad output from the agent with -32700 on its stdin', async () => {
    // The child writes a broken header, then copies whatever it is sent to its stderr, a line a read.
    const script =
      'process.stdout.write("Content-Length: nope\\r\\n\\r\\n"); process.stdin.on("data", (data) => process.stderr.write(data + "\\n"));';
    const { agent, logLines } = await startNode(script, contentLengthFraming);
    const protocolErrors: RpcError[] = [];
    new RpcConnection({ requests: {}, notifications: {} }, agent.transport, {
      onProtocolError: (error) => protocolErrors.push(error),
    });
    await eventually(() => logLines.some((line) => line.includes('-32700')), 'the -32700 answer');
    expect(protocolErrors.map((error) => error.code)).toEqual([ErrorCodes.ParseError]);
    expect(logLines.join('\n')).toMatch(/"id":null,"error":\{"code":-32700,"message":"Parse error: Content-Length must be a number/);
  });

  it('rejects with a clear error when the command cannot be started', async () => {
    const attempt = spawnAgentProcess({
      command: path.join(workDir, 'no-such-agent'),
      cwd: workDir,
      env: {},
      framing: ndjsonFraming,
      log: () => {},
    });
    await expect(attempt).rejects.toBeInstanceOf(AgentProcessError);
    await expect(attempt).rejects.toMatchObject({ code: 'spawn-failed', message: /ENOENT/ });
  });

  it('kills an agent that ignores the end of its input and SIGTERM, with its whole process group', async () => {
    const pidFile = path.join(workDir, 'grandchild.pid');
    const { agent, logLines } = await startNode(STUBBORN, ndjsonFraming, { args: [pidFile] });
    await eventually(() => logLines.includes('agent stderr: stubborn ready'), 'the agent to start');
    const grandchildPid = Number(await readFile(pidFile, 'utf8'));
    expect(isAlive(grandchildPid)).toBe(true);
    await expect(agent.shutdown()).resolves.toEqual({ code: null, signal: 'SIGKILL' });
    expect(logLines).toContain('agent stderr: ignoring SIGTERM');
    await eventually(() => !isAlive(grandchildPid), 'the grandchild to die');
    expect(isAlive(agent.pid)).toBe(false);
  });
});

describe('JSON-RPC over an echoing child', () => {
  const loopback = {
    requests: {
      'math/add': { params: z.object({ a: z.number(), b: z.number() }), result: z.object({ sum: z.number() }) },
      'work/slow': { params: z.object({}), result: z.object({}) },
    },
    notifications: {},
  } as const satisfies ProtocolDefinition;

  it('completes a request and a $/cancelRequest round trip through real pipes', async () => {
    // The child echoes, so this connection answers its own requests: each leg crosses the pipes.
    const { agent } = await startNode(ECHO, contentLengthFraming);
    const protocolErrors: RpcError[] = [];
    const connection = new RpcConnection(loopback, agent.transport, {
      cancellation: { notification: '$/cancelRequest' },
      onProtocolError: (error) => protocolErrors.push(error),
    });
    connection.onRequest('math/add', ({ a, b }) => ({ sum: a + b }));
    let handlerSignal: AbortSignal | undefined;
    const handlerStarted = new Promise<void>((resolve) =>
      connection.onRequest('work/slow', (_params, { signal }) => {
        handlerSignal = signal;
        resolve();
        return new Promise(() => {});
      }),
    );
    await expect(connection.request('math/add', { a: 20, b: 22 })).resolves.toEqual({ sum: 42 });
    const controller = new AbortController();
    const slow = connection.request('work/slow', {}, { signal: controller.signal });
    await handlerStarted;
    controller.abort();
    await expect(slow).rejects.toMatchObject({ code: 'cancelled' });
    await eventually(() => handlerSignal?.aborted === true, 'the handler to be cancelled');
    await expect(connection.request('math/add', { a: 1, b: 1 })).resolves.toEqual({ sum: 2 });
    expect(protocolErrors).toEqual([]);
  });
});
