/**
 * A thread file whose tool arguments nest thousands deep, imported from a tab of a real relay:
 * refused with a message that names the limit, nothing written; a file nested as deep as the
 * limit allows imports, opens and exports again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../lib/json/json-bounds';
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { MAX_THREAD_FILE_DEPTH, type ThreadDetails } from '../../lib/protocol/thread-export';
import { exportThread } from '../../lib/thread/export/export-thread';
import { rpcClient, startTestRelay, type TestRelay, whenConnected } from '../relay/testing/relay-support';
import { connectScriptClient } from '../relay/script-client';

const details: ThreadDetails = {
  id: 'original',
  title: 'Deep arguments',
  agent: 'builtin',
  model: null,
  workspace: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  modifiedAt: '2026-11-01T10:05:00.000Z',
  totalTokens: 0,
  totalCost: null,
};

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** An export holding one tool call with these arguments, written as text without recursing. */
function exportWithArguments(depth: number): string {
  const file = exportThread(
    details,
    [
      { type: 'message', role: 'user', chunks: [{ type: 'text', chunk: 'run it' }] },
      {
        type: 'toolCall',
        id: 't1',
        name: 'shell_command',
        server: 'builtin',
        origin: 'native',
        status: 'succeeded',
        arguments: { command: 'PLACEHOLDER' },
      },
    ],
    'json',
  ).content;
  return file.replace('"PLACEHOLDER"', nested(depth));
}

let test: TestRelay;

beforeAll(async () => {
  test = await startTestRelay();
});

afterAll(async () => {
  await test?.close();
});

async function connected() {
  const socket = connectScriptClient(test.origin, test.relay.token);
  expect(await whenConnected(socket)).toEqual({ connected: true });
  return { socket, rpc: rpcClient(socket) };
}

it('refuses tool arguments nested 5,000 deep with the limit in words, and imports nothing', async () => {
  const { socket, rpc } = await connected();
  try {
    const reply = await rpc.call('thread/import', { content: exportWithArguments(5_000) });
    expect(reply.error).toEqual({
      code: ErrorCodes.InvalidParams,
      message: `The file nests arrays and objects deeper than ${MAX_THREAD_FILE_DEPTH} levels; a Baton thread export never does, so it was not imported.`,
    });
    expect((await rpc.call('getThreads')).result).toEqual({ threads: [] });
  } finally {
    socket.close();
  }
});

it('imports, opens and exports again arguments as deep as an agent may send', async () => {
  const { socket, rpc } = await connected();
  try {
    // An agent's message may nest MAX_JSON_DEPTH levels, its envelope included; its arguments one less.
    const content = exportWithArguments(MAX_JSON_DEPTH - 2);
    const imported = await rpc.call('thread/import', { content });
    expect(imported.error).toBeUndefined();
    const { threadId } = imported.result as { threadId: string };
    expect((await rpc.call('openThread', { threadId })).error).toBeUndefined();
    const entries = await rpc.call('getThreadEntries', { threadId });
    expect(entries.error).toBeUndefined();
    const exported = await rpc.call('thread/export', { threadId, format: 'json' });
    expect(exported.error).toBeUndefined();
    const file = JSON.parse((exported.result as { content: string }).content) as { entries: { arguments?: unknown }[] };
    expect(file.entries[1]?.arguments).toEqual({ command: JSON.parse(nested(MAX_JSON_DEPTH - 2)) });
  } finally {
    socket.close();
  }
});
