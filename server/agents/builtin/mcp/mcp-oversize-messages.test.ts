/**
 * MCP servers that send one message larger than MAX_MCP_MESSAGE_BYTES, over stdio and over
 * streamable HTTP (a JSON answer and an event stream): the call fails, the server is reported
 * failed saying why and is stopped, and the relay never holds more than the cap of it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { MAX_MCP_MESSAGE_BYTES } from './message-size-cap';
import { expectProcessGone, freePort, nodeScriptWithPidFile, readPid, recordUpdates, useMcpServerManagers } from './testing/mcp-support';

const OVER_CAP = MAX_MCP_MESSAGE_BYTES + 1024;
const REASON = /more than 16 MiB; it was not read and the server was stopped/;

/** What both servers answer: `huge` gets an answer over the cap, `small` a short one. */
const ANSWERS = `
const answer = (message) => {
  if (message.method === 'initialize')
    return { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'huge', version: '1' } };
  if (message.method === 'tools/list') {
    const schema = { type: 'object', properties: {} };
    return { tools: [{ name: 'huge', inputSchema: schema }, { name: 'small', inputSchema: schema }] };
  }
  if (message.method === 'tools/call' && message.params.name === 'huge') return { content: [{ type: 'text', text: 'x'.repeat(${OVER_CAP}) }] };
  if (message.method === 'tools/call') return { content: [{ type: 'text', text: 'small' }] };
  return {};
};
const reply = (message) => JSON.stringify({ jsonrpc: '2.0', id: message.id, result: answer(message) });`;

const STDIO_SERVER = `${ANSWERS}
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.method !== undefined && message.id !== undefined) process.stdout.write(reply(message) + '\\n');
});`;

/** Streamable HTTP: JSON answers, or every answer as an event stream when started with 'events'. */
const HTTP_SERVER = `${ANSWERS}
const asEvents = process.argv[2] === 'events';
require('node:http').createServer((request, response) => {
  if (request.method !== 'POST') return response.writeHead(405).end();
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const message = JSON.parse(body);
    if (message.id === undefined) return response.writeHead(202).end();
    if (!asEvents) return response.writeHead(200, { 'content-type': 'application/json' }).end(reply(message));
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.end('event: message\\ndata: ' + reply(message) + '\\n\\n');
  });
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.stderr.write('listening\\n'));`;

const fixture = useMcpServerManagers();

it('stops a stdio server whose answer is a line over the cap, and says why', async () => {
  const pidFile = path.join(fixture.workDir, 'huge.pid');
  const manager = fixture.manage({ servers: { huge: nodeScriptWithPidFile(pidFile, STDIO_SERVER) } });
  const record = recordUpdates(manager);
  await manager.start();
  expect(record.statusOf('huge')).toBe('running');
  const pid = await readPid(pidFile);

  await expect(manager.callTool('huge__huge', {})).rejects.toThrow();
  await record.until('huge', 'failed');
  expect(record.of('huge').at(-1)?.error).toMatch(REASON);
  await expectProcessGone(pid);
});

it('fails the start of a stdio server whose first answer never ends within the cap, and says why', async () => {
  const endless = `process.stdin.once('data', () => process.stdout.write('x'.repeat(${OVER_CAP}))); setInterval(() => {}, 1000);`;
  const manager = fixture.manage({ servers: { endless: { command: process.execPath, args: ['-e', endless] } } });
  const record = recordUpdates(manager);
  await manager.start();
  expect(record.statusOf('endless')).toBe('failed');
  expect(record.of('endless').at(-1)?.error).toMatch(REASON);
});

for (const kind of ['json', 'events'] as const) {
  it(`stops using an HTTP server whose ${kind === 'json' ? 'JSON answer' : 'event'} is over the cap, and says why`, async () => {
    const port = await freePort();
    const server = await startHttpServer(port, kind);
    try {
      const manager = fixture.manage({ servers: { huge: { url: `http://127.0.0.1:${port}/mcp` } } });
      const record = recordUpdates(manager);
      await manager.start();
      expect(record.statusOf('huge')).toBe('running');
      await expect(manager.callTool('huge__small', {})).resolves.toMatchObject({ text: 'small' });

      await expect(manager.callTool('huge__huge', {})).rejects.toThrow();
      await record.until('huge', 'failed');
      expect(record.of('huge').at(-1)?.error).toMatch(REASON);
    } finally {
      server.kill();
    }
  });
}

async function startHttpServer(port: number, kind: 'json' | 'events'): Promise<ChildProcess> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', PORT: String(port) };
  const child = spawn(process.execPath, ['-e', HTTP_SERVER, kind], {
    // Next.js's typings make NODE_ENV required on ProcessEnv; a child's environment needs no such thing.
    env: { ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => chunk.toString('utf8').includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`the HTTP server exited with ${code}`)));
  });
  return child;
}
