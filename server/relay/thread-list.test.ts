/**
 * The thread list over the socket: every tab hears of threads created, renamed, archived, deleted
 * and restored, and of turns starting, waiting for an approval and finishing; getThreads filters
 * by status; bad input gets the JSON-RPC error it deserves; sendMessage runs a turn and streams the
 * answer back as streamMessageChunk requests.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadMetadata } from '../../lib/protocol/thread-model';
import type { ThreadDeletedParams, ThreadUpdatedParams } from '../../lib/protocol/thread-list-methods';
import { connectRelayClient, isTurnFinished, type RelayClient } from '../../e2e/support/relay-client';
import { createGate, type Gate } from '../demo-model/testing/gate';
import { startScriptedModelServer, type ScriptedModelServer } from '../demo-model/scripted-model-server';
import type { MessagesRequest } from '../demo-model/messages-request';
import { startTestRelay, type TestRelay } from './testing/relay-support';

const ANSWER = 'Plenty of words stream back to the tab that asked.';

let model: ScriptedModelServer;
let relay: TestRelay;
let gates: Gate[];
let clients: RelayClient[];

/** A tab and what the relay told it about the thread list, in order. */
interface ListeningTab {
  client: RelayClient;
  updates: ThreadMetadata[];
  deletions: string[];
  /** Resolves once a list notification satisfies the predicate. */
  until(predicate: () => boolean): Promise<void>;
}

async function listeningTab(): Promise<ListeningTab> {
  const client = await connectRelayClient({ origin: relay.origin, token: relay.relay.token });
  clients.push(client);
  const updates: ThreadMetadata[] = [];
  const deletions: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  client.rpc.onNotification('thread/updated', ({ thread }: ThreadUpdatedParams) => {
    updates.push(thread);
    wake();
  });
  client.rpc.onNotification('thread/deleted', ({ threadId }: ThreadDeletedParams) => {
    deletions.push(threadId);
    wake();
  });
  await client.rpc.request('initialize', { processId: null, capabilities: {}, workspaceFolders: [] });
  return {
    client,
    updates,
    deletions,
    until: (predicate) =>
      new Promise((resolve) => {
        const check = () => {
          if (!predicate()) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
  };
}

/** The user's latest words: a turn that was stopped before any answer shares its message with the next prompt. */
function lastUserText(request: MessagesRequest): string {
  const last = request.messages.at(-1);
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  const texts = last.content.flatMap((block) => ('text' in block && typeof block.text === 'string' ? [block.text] : []));
  return texts.at(-1) ?? '';
}

beforeEach(async () => {
  gates = [];
  clients = [];
  model = await startScriptedModelServer({
    script: (request) => {
      const asked = lastUserText(request);
      if (asked.includes('write a file'))
        return { blocks: [{ type: 'tool_use', name: 'write_file', input: { path: 'note.md', content: 'hi' } }] };
      if (asked.includes('hold on')) {
        const gate = createGate();
        gates.push(gate);
        return { blocks: [{ type: 'text', text: ANSWER }], beforeDelta: (index) => (index === 1 ? gate.promise : undefined) };
      }
      return { blocks: [{ type: 'text', text: ANSWER }] };
    },
  });
  relay = await startTestRelay({
    env: { NODE_ENV: 'test', ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, BATON_MODEL: 'scripted' },
  });
});

afterEach(async () => {
  for (const gate of gates) gate.open();
  for (const client of clients) client.close();
  await relay.close();
  await model.close();
});

describe('live thread lists', () => {
  it('tell every tab of a thread created by a first prompt, named by it, renamed, archived, deleted and restored', async () => {
    const [mine, other] = [await listeningTab(), await listeningTab()];
    const { chatId } = await mine.client.rpc.request('chat/prompt', { message: 'Plan the garden party' });
    await other.until(() => other.updates.some((thread) => thread.id === chatId && thread.title === 'Plan the garden party'));
    // The answer is whole before the thread is deleted: deleting stops a turn under way.
    await other.until(() => other.updates.at(-1)?.id === chatId && other.updates.at(-1)?.status === 'idle');

    const { thread: renamed } = await mine.client.rpc.request('thread/rename', { threadId: chatId, title: '  Garden party  ' });
    expect(renamed.title).toBe('Garden party');
    await other.until(() => other.updates.at(-1)?.title === 'Garden party');

    await mine.client.rpc.request('thread/archive', { threadId: chatId, archived: true });
    await other.until(() => other.updates.at(-1)?.archivedAt !== undefined);
    expect((await other.client.rpc.request('getThreads', null)).threads).toEqual([]);
    expect((await other.client.rpc.request('getThreads', { archived: true })).threads.map((thread) => thread.id)).toEqual([chatId]);
    await mine.client.rpc.request('thread/archive', { threadId: chatId, archived: false });

    const { restorableUntil } = await mine.client.rpc.request('thread/delete', { threadId: chatId });
    expect(Date.parse(restorableUntil)).toBeGreaterThan(Date.now());
    await other.until(() => other.deletions.includes(chatId));
    expect((await other.client.rpc.request('getThreads', null)).threads).toEqual([]);
    await expect(other.client.rpc.request('openThread', { threadId: chatId })).rejects.toMatchObject({ code: -32001 });

    // Undo: the thread comes back whole, in every tab.
    await mine.client.rpc.request('thread/restore', { threadId: chatId });
    await other.until(() => other.updates.at(-1)?.id === chatId && other.deletions.length === 1);
    const snapshot = await other.client.rpc.request('getThreadEntries', { threadId: chatId });
    expect(snapshot.entries.some((entry) => entry.type === 'message' && entry.chunks.some((chunk) => chunk.chunk === ANSWER))).toBe(true);
  });

  it('restore a thread when Undo comes while its delete still waits for the turn to stop', async () => {
    const mine = await listeningTab();
    const { chatId } = await mine.client.rpc.request('chat/prompt', { message: 'hold on while I delete you' });
    await mine.until(() => mine.updates.some((thread) => thread.id === chatId && thread.status === 'running'));

    const deleted = mine.client.rpc.request('thread/delete', { threadId: chatId });
    const restored = mine.client.rpc.request('thread/restore', { threadId: chatId });
    await deleted;
    expect((await restored).thread.id).toBe(chatId);

    expect((await mine.client.rpc.request('getThreads', null)).threads.map((thread) => thread.id)).toEqual([chatId]);
    const snapshot = await mine.client.rpc.request('getThreadEntries', { threadId: chatId });
    expect(snapshot.entries.some((entry) => entry.type === 'message' && entry.role === 'user')).toBe(true);

    // The restored thread takes the next prompt like any other: its second turn ends with the answer.
    await mine.client.rpc.request('chat/prompt', { chatId, message: 'and now answer' });
    const turnsFinished = () => mine.client.received.filter((params) => params.chatId === chatId && isTurnFinished(params)).length;
    await mine.client.until(() => turnsFinished() === 2);
    const after = await mine.client.rpc.request('getThreadEntries', { threadId: chatId });
    expect(after.entries.some((entry) => entry.type === 'message' && entry.chunks.map((chunk) => chunk.chunk).join('') === ANSWER)).toBe(
      true,
    );
  });

  it('mark a running turn, a turn waiting for an approval, and its end, and filter by them', async () => {
    const [mine, other] = [await listeningTab(), await listeningTab()];
    const { chatId: held } = await mine.client.rpc.request('chat/prompt', { message: 'hold on a moment' });
    await other.until(() => other.updates.some((thread) => thread.id === held && thread.status === 'running'));
    const { chatId: asking } = await mine.client.rpc.request('chat/prompt', { message: 'write a file please' });
    await other.until(() => other.updates.some((thread) => thread.id === asking && thread.status === 'waiting'));

    const ids = async (status: 'running' | 'waiting' | 'idle') =>
      (await other.client.rpc.request('getThreads', { status })).threads.map((thread) => thread.id);
    expect(await ids('running')).toEqual([held]);
    expect(await ids('waiting')).toEqual([asking]);
    expect(await ids('idle')).toEqual([]);
    expect((await other.client.rpc.request('getThreads', null)).threads.map((thread) => [thread.id, thread.status])).toEqual([
      [asking, 'waiting'],
      [held, 'running'],
    ]);

    mine.client.rpc.notify('chat/promptStop', { chatId: asking });
    gates[0]?.open();
    await other.until(() => [held, asking].every((id) => other.updates.findLast((thread) => thread.id === id)?.status === 'idle'));
    expect((await ids('idle')).sort()).toEqual([held, asking].sort());
  });

  it('tell every tab of a thread deleted with chat/delete, which deletes for good', async () => {
    const [mine, other] = [await listeningTab(), await listeningTab()];
    const { chatId } = await mine.client.rpc.request('chat/prompt', { message: 'short lived' });
    await mine.client.until((params) => params.chatId === chatId && isTurnFinished(params));
    await mine.client.rpc.request('chat/delete', { chatId });
    await other.until(() => other.deletions.includes(chatId));
    await expect(mine.client.rpc.request('thread/restore', { threadId: chatId })).rejects.toMatchObject({ code: -32001 });
  });
});

describe('bad input', () => {
  it('is refused with a clear error, and the connection stays usable', async () => {
    const { client } = await listeningTab();
    const { rpc } = client;
    await expect(rpc.request('thread/rename', { threadId: 'no-such-thread', title: 'x' })).rejects.toMatchObject({ code: -32001 });
    await expect(rpc.request('thread/archive', { threadId: 'no-such-thread', archived: true })).rejects.toMatchObject({ code: -32001 });
    await expect(rpc.request('thread/delete', { threadId: 'no-such-thread' })).rejects.toMatchObject({ code: -32001 });
    await expect(rpc.request('thread/restore', { threadId: 'no-such-thread' })).rejects.toMatchObject({ code: -32001 });
    await expect(rpc.request('getThreads', { limit: 5, cursor: 'garbage' })).rejects.toMatchObject({ code: -32602 });
    await expect(rpc.request('getThreads', { query: 'NEAR(" * "' })).resolves.toEqual({ threads: [] });
    await expect(rpc.request('getThreadEntries', { threadId: 'x', after: 3 })).rejects.toMatchObject({ code: -32602 });
    await expect(rpc.request('getThreadEntries', { threadId: 'x', limit: 3, after: 1, before: 4 })).rejects.toMatchObject({ code: -32602 });
    await expect(
      rpc.request('sendMessage', { threadId: 'no-such-thread', message: { role: 'user', chunks: [{ type: 'text', chunk: 'hi' }] } }),
    ).rejects.toMatchObject({ code: -32001 });
    const { threadId } = await rpc.request('createThread', null);
    await expect(rpc.request('thread/rename', { threadId, title: '   ' })).rejects.toMatchObject({ code: -32602 });
    await expect(
      rpc.request('sendMessage', { threadId, message: { role: 'assistant', chunks: [{ type: 'text', chunk: 'I agree' }] } }),
    ).rejects.toMatchObject({ code: -32602 });
    await expect(rpc.request('sendMessage', { threadId, message: { role: 'user', chunks: [] } })).rejects.toMatchObject({ code: -32602 });
    // streamMessageChunk is the client's method: the relay has none to call.
    await expect(rpc.request('streamMessageChunk', { threadId, chunk: { type: 'text', chunk: 'x' } })).rejects.toMatchObject({
      code: -32601,
    });
    expect((await rpc.request('getThreads', null)).threads.map((thread) => thread.id)).toEqual([threadId]);
  });
});

describe('sendMessage', () => {
  it('posts the user message, runs the turn, and streams the answer back as streamMessageChunk before answering null', async () => {
    const { client } = await listeningTab();
    const chunks: string[] = [];
    client.rpc.onRequest('streamMessageChunk', ({ chunk }) => {
      chunks.push(chunk.chunk);
      return null;
    });
    const { threadId } = await client.rpc.request('createThread', null);
    const answer = await client.rpc.request('sendMessage', {
      threadId,
      message: {
        role: 'user',
        chunks: [
          { type: 'text', chunk: 'Tell me ' },
          { type: 'text', chunk: 'something' },
        ],
      },
    });
    expect(answer).toBeNull();
    expect(chunks.join('')).toBe(ANSWER);
    const { entries } = await client.rpc.request('getThreadEntries', { threadId });
    expect(
      entries.filter((entry) => entry.type === 'message').map((entry) => [entry.role, entry.chunks.map((chunk) => chunk.chunk).join('')]),
    ).toEqual([
      ['user', 'Tell me something'],
      ['assistant', ANSWER],
    ]);
  });
});
