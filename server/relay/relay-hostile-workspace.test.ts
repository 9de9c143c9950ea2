/**
 * A hostile model against a real relay: a grep whose pattern backtracks catastrophically on
 * ordinary code must not stop the relay from answering, Stop must end that turn, and the thread
 * must take the next prompt. A FIFO in the workspace must not hang the file panel's reads.
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { say, scriptedSteps, useTool } from '../agents/builtin/testing/agent-support';
import { type ScriptedModelServer, startScriptedModelServer } from '../demo-model/scripted-model-server';
import { makeSpecialFiles, type SpecialFiles } from '../workspace/testing/special-files-support';
import { rpcClient, startTestRelay, type TestRelay, whenConnected } from './testing/relay-support';
import { connectScriptClient } from './script-client';

const ORDINARY_CODE = Array.from(
  { length: 50 },
  (_, index) =>
    `export function computeTotal${index}(items, taxRate) { return items.reduce((sum, item) => sum + item.price, 0) * taxRate; }`,
).join('\n');

let folder: string;
let model: ScriptedModelServer;
let test: TestRelay;
let specials: SpecialFiles;

beforeAll(async () => {
  folder = await realpath(await mkdtemp(path.join(os.tmpdir(), 'baton-hostile-relay-')));
  const workspaceRoot = path.join(folder, 'ws');
  await mkdir(path.join(workspaceRoot, 'src'), { recursive: true });
  await writeFile(path.join(workspaceRoot, 'src', 'total.ts'), ORDINARY_CODE);
  specials = await makeSpecialFiles(workspaceRoot);
  model = await startScriptedModelServer({ script: scriptedSteps(useTool('grep', { pattern: '^(\\S*\\s?)*#$' }), say('Answered.')) });
  test = await startTestRelay({
    workspaceRoot,
    // Inside the workspace, as the default `.baton` is: the file panel must not read it either.
    dataDir: path.join(workspaceRoot, 'baton-data'),
    env: { NODE_ENV: 'test', ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: model.url },
  });
});

afterAll(async () => {
  await test?.close();
  await model?.close();
  await specials?.close();
  await rm(folder, { recursive: true, force: true });
});

interface Content {
  type: string;
  name?: string;
  state?: string;
  text?: string;
}

it('answers other requests while a catastrophic grep runs, and Stop ends that turn', async () => {
  const socket = connectScriptClient(test.origin, test.relay.token);
  expect(await whenConnected(socket)).toEqual({ connected: true });
  const rpc = rpcClient(socket);
  const contents: Content[] = [];
  const waiters: Array<() => void> = [];
  type Message = { method?: string; params?: { content: Content } };
  // Contents recorded together come as one JSON-RPC batch (content-batches.ts).
  socket.on('rpc', (payload: Message | Message[]) => {
    for (const message of Array.isArray(payload) ? payload : [payload]) {
      if (message.method === 'chat/contentReceived' && message.params) contents.push(message.params.content);
    }
    for (const wake of waiters.splice(0)) wake();
  });
  const seen = async (match: (content: Content) => boolean, from = 0) => {
    while (!contents.slice(from).some(match)) await new Promise<void>((resolve) => waiters.push(resolve));
    return contents.length;
  };
  try {
    const prompt = await rpc.call('chat/prompt', { message: 'Search for comments' });
    const chatId = (prompt.result as { chatId: string }).chatId;
    await seen((content) => content.type === 'toolCallRunning' && content.name === 'grep');

    // The relay answers while the pattern runs: the grep has not finished when these replies come.
    expect((await rpc.call('stat', { path: 'src/total.ts' })).result).toEqual({ exists: true, isDirectory: false });
    expect((await rpc.call('readTextFile', { path: 'src/total.ts' })).result).toMatchObject({ content: ORDINARY_CODE });
    expect(contents.some((content) => content.type === 'toolCalled')).toBe(false);

    rpc.send('chat/promptStop', { chatId }, null);
    const stoppedAt = await seen((content) => content.type === 'progress' && content.state === 'finished');

    const next = await rpc.call('chat/prompt', { chatId, message: 'Anything else?' });
    expect(next.error).toBeUndefined();
    await seen((content) => content.type === 'text' && content.text === 'Answered.', stoppedAt);
  } finally {
    socket.close();
  }
});

it("answers the file panel's read of a FIFO, a socket or a device at once, reads files as before, and not the data folder", async () => {
  const socket = connectScriptClient(test.origin, test.relay.token);
  expect(await whenConnected(socket)).toEqual({ connected: true });
  const rpc = rpcClient(socket);
  try {
    for (const { name, kind } of specials.files) {
      // More reads than libuv has I/O threads: a blocking open would have taken them all.
      const replies = await Promise.all(Array.from({ length: 6 }, () => rpc.call('readTextFile', { path: name })));
      for (const reply of replies) {
        expect(reply.error).toMatchObject({
          code: -32003,
          message: `${name} is ${kind}, not a regular file; only regular files can be read or written.`,
        });
      }
    }
    expect((await rpc.call('readTextFile', { path: 'src/total.ts' })).result).toMatchObject({ content: ORDINARY_CODE });
    expect((await rpc.call('readTextFile', { path: 'src/../baton-data/baton.db' })).error).toMatchObject({
      code: -32003,
      message: "src/../baton-data/baton.db is in Baton's own data folder, which agents may neither read nor change.",
    });
    expect((await rpc.call('globSearch', { pattern: '**/*' })).result).toEqual({ matches: ['src/total.ts'], truncated: false });
  } finally {
    socket.close();
  }
});

it('answers a path longer than the file system allows, or a pattern no search can use, as a bad parameter with a plain reason', async () => {
  const socket = connectScriptClient(test.origin, test.relay.token);
  expect(await whenConnected(socket)).toEqual({ connected: true });
  const rpc = rpcClient(socket);
  try {
    const longName = 'a'.repeat(300);
    const replies = {
      longName: await rpc.call('readTextFile', { path: `src/${longName}.ts` }),
      longPath: await rpc.call('stat', { path: 'abc/'.repeat(1100) }),
      longPrefix: await rpc.call('globSearch', { pattern: `${longName}/*.ts` }),
      unclosed: await rpc.call('globSearch', { pattern: 'src/{a,b' }),
      hugePattern: await rpc.call('globSearch', { pattern: 'a*'.repeat(5000) }),
    };
    for (const [name, reply] of Object.entries(replies)) {
      expect(reply.error?.code, name).toBe(-32602);
      expect(reply.error?.message, name).not.toMatch(/ENAMETOOLONG|lstat|Internal error|Invalid regular expression/);
      expect(reply.error?.message.length, name).toBeLessThan(200);
    }
    expect(replies.longName.error).toMatchObject({
      message: expect.stringMatching(/is longer than the file system allows \(names of at most 255 bytes, paths of at most 4096\)\.$/),
      data: { reason: 'invalid-path' },
    });
    expect(replies.unclosed.error).toMatchObject({
      message: 'The pattern src/{a,b has an unclosed "{".',
      data: { reason: 'invalid-pattern' },
    });
    expect(replies.hugePattern.error?.message).toBe('The pattern is 10000 characters long; patterns are limited to 1024.');
    expect((await rpc.call('stat', { path: 'src/total.ts' })).result).toEqual({ exists: true, isDirectory: false });
  } finally {
    socket.close();
  }
});
