/**
 * A thread recorded through a real relay (the built-in agent on the scripted model: an approval
 * for the session, a call approved by it, a rejection, a stopped turn, usage) reads the same after
 * the relay restarts: who decided each call and how, the stopped turn marked once, usage per turn,
 * and the header's totals from the store. Then it goes out as each export and back in as a copy.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { connectRelayClient, isTurnFinished, type RelayClient } from '../../e2e/support/relay-client';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { say, useTool } from '../agents/builtin/testing/agent-support';
import { createGate } from '../demo-model/testing/gate';
import type { ScriptedReply } from '../demo-model/scripted-reply';
import { startScriptedModelServer } from '../demo-model/scripted-model-server';
import { startTestRelay, type TestRelay } from '../relay/testing/relay-support';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

const finishedTurns = (client: RelayClient) => client.received.filter(isTurnFinished).length;

function waitingCall(client: RelayClient): string | undefined {
  const run = client.received.findLast((params) => params.content.type === 'toolCallRun' && params.content.manualApproval);
  return run?.content.type === 'toolCallRun' ? run.content.id : undefined;
}

// Four turns, a relay restart and five exports: minutes of work on a loaded 2-core machine, so
// the budget is the whole story's, not one request's.
it('reads a recorded thread after a relay restart as it did live, and exports and imports it', { timeout: 180_000 }, async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'baton-review-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  const held = createGate();
  const steps: ScriptedReply[] = [
    useTool('write_file', { path: 'notes.md', content: 'first\n' }),
    say('Wrote it.'),
    useTool('write_file', { path: 'notes.md', content: 'second\n' }),
    say('Wrote it again.'),
    useTool('shell_command', { command: 'echo no' }),
    say('Not run.'),
    {
      blocks: [{ type: 'text', text: 'This answer is never finished because the user stops it.' }],
      beforeDelta: (index) => (index === 2 ? held.promise : undefined),
    },
  ];
  let next = 0;
  const model = await startScriptedModelServer({ script: () => steps[next++] ?? say('Done.') });
  cleanups.push(() => model.close());
  const env = { NODE_ENV: 'test' as const, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, BATON_MODEL: 'scripted' };
  const options = { workspaceRoot: folder, dataDir: path.join(folder, '.baton'), env };
  let relay: TestRelay = await startTestRelay(options);
  let client = await connectRelayClient({ origin: relay.origin, token: relay.relay.token });

  const { threadId } = await client.rpc.request('createThread', null);
  await client.rpc.request('openThread', { threadId });
  const contexts = [{ type: 'file' as const, path: 'notes.md', linesRange: { start: 1, end: 2 } }];
  // 1: asks, approved for the session.
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'write notes', contexts });
  await until(() => waitingCall(client) !== undefined);
  client.rpc.notify('chat/toolCallApprove', { chatId: threadId, toolCallId: waitingCall(client)!, save: 'session' });
  await until(() => finishedTurns(client) === 1);
  // 2: runs without asking, on that approval.
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'write again' });
  await until(() => finishedTurns(client) === 2);
  // 3: asks, rejected.
  const asked = client.received.length;
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'run a command' });
  await until(() => client.received.slice(asked).some((params) => params.content.type === 'toolCallRun' && params.content.manualApproval));
  client.rpc.notify('chat/toolCallReject', { chatId: threadId, toolCallId: waitingCall(client)! });
  await until(() => finishedTurns(client) === 3);
  // 4: stopped mid-answer.
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'tell me more' });
  await until(() =>
    client.received.some(
      (params) => params.role === 'assistant' && params.content.type === 'text' && params.content.text.startsWith('This'),
    ),
  );
  client.rpc.notify('chat/promptStop', { chatId: threadId });
  await until(() => finishedTurns(client) === 4);
  held.open();
  const live = (await client.rpc.request('getThreadEntries', { threadId })).entries;
  const liveDetails = await client.rpc.request('thread/details', { threadId });
  client.close();
  await relay.relay.close();

  relay = await startTestRelay({ ...options, port: relay.port });
  cleanups.push(() => relay.relay.close());
  client = await connectRelayClient({ origin: relay.origin, token: relay.relay.token });
  cleanups.push(() => client.close());
  const { entries } = await client.rpc.request('getThreadEntries', { threadId });
  expect(entries).toEqual(live);

  const calls = entries.filter((entry) => entry.type === 'toolCall');
  expect(calls.map((call) => [call.name, call.status, call.approval])).toEqual([
    ['write_file', 'succeeded', { decision: 'approved', by: 'user-session' }],
    ['write_file', 'succeeded', { decision: 'approved', by: 'earlier-session' }],
    ['shell_command', 'rejected', { decision: 'rejected', by: 'user-once' }],
  ]);
  const prompt = entries.find((entry) => entry.type === 'message' && entry.role === 'user');
  expect(prompt).toMatchObject({ contexts, model: 'scripted' });
  const summaries = entries.filter((entry) => entry.type === 'turnSummary');
  expect(summaries.map((summary) => summary.outcome)).toEqual(['done', 'done', 'done', 'stopped']);
  expect(summaries.slice(0, 3).every((summary) => summary.usage !== undefined && summary.usage.sessionTokens > 0)).toBe(true);

  const changes = await client.rpc.request('thread/changes', { threadId });
  expect(changes.toolCalls).toEqual(entries.flatMap((entry, index) => (entry.type === 'toolCall' ? [index] : [])));
  expect(changes.changes).toEqual(changes.toolCalls.slice(0, 2));
  expect(changes.files).toMatchObject([
    { path: 'notes.md', changes: [{ diff: expect.stringContaining('+first') }, { diff: expect.stringContaining('+second') }] },
  ]);

  const details = await client.rpc.request('thread/details', { threadId });
  expect(details).toEqual(liveDetails);
  expect(details).toMatchObject({ agent: 'builtin', model: 'scripted', workspace: folder });
  expect(details.totalTokens).toBeGreaterThan(0);
  const turnTokens = summaries.reduce(
    (sum, { usage }) => sum + (usage ? (usage.messageInputTokens ?? 0) + (usage.messageOutputTokens ?? 0) : 0),
    0,
  );
  expect(details.totalTokens).toBe(turnTokens);

  const markdown = await client.rpc.request('thread/export', { threadId, format: 'markdown' });
  expect(markdown.mimeType).toBe('text/markdown');
  expect(markdown.content).toContain('Approved by you for this session');
  expect(markdown.content).toContain('Stopped by you');
  expect(markdown.content).toContain('file notes.md (lines 1-2)');
  const org = await client.rpc.request('thread/export', { threadId, format: 'org' });
  expect(org.content).toContain('#+begin_src diff');
  expect(org.fileName).toMatch(/\.org$/);

  const json = await client.rpc.request('thread/export', { threadId, format: 'json' });
  const { threadId: copyId } = await client.rpc.request('thread/import', { content: json.content });
  expect(copyId).not.toBe(threadId);
  const copy: ThreadEntry[] = (await client.rpc.request('getThreadEntries', { threadId: copyId })).entries;
  expect(copy).toEqual(entries);
  const copyDetails = await client.rpc.request('thread/details', { threadId: copyId });
  expect(copyDetails).toMatchObject({
    title: details.title,
    totalTokens: details.totalTokens,
    model: 'scripted',
    createdAt: details.createdAt,
  });
  expect(await readFile(path.join(folder, 'notes.md'), 'utf8')).toBe('second\n');

  // A Markdown export is not an import: refused with the reason, and no thread is added.
  const before = (await client.rpc.request('getThreads', null)).threads.length;
  await expect(client.rpc.request('thread/import', { content: markdown.content })).rejects.toMatchObject({
    code: -32602,
    message: 'The file is not JSON: only a JSON export of a Baton thread can be imported.',
  });
  expect((await client.rpc.request('getThreads', null)).threads).toHaveLength(before);
});
