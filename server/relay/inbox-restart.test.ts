/**
 * The inbox's "seen" marks across a relay restart: a turn that ended while no tab had its thread
 * open is still listed by the restarted relay, until a tab opens the thread; then it stays seen
 * after the next restart too. A corrupt inbox file costs the listing, never the start.
 */
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { InboxItem } from '../../lib/protocol/inbox';
import type { RelayClient } from '../../e2e/support/relay-client';
import { startScriptedModelServer, type ScriptedModelServer } from '../demo-model/scripted-model-server';
import { INBOX_FILE } from '../hub/inbox-file';
import { connectInboxTab } from './testing/inbox-tab';
import { startTestRelay, type TestRelay } from './testing/relay-support';

let model: ScriptedModelServer;
let folder: string;
let relay: TestRelay | undefined;
let clients: RelayClient[];

beforeEach(async () => {
  clients = [];
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-inbox-restart-'));
  model = await startScriptedModelServer({
    script: (request) => {
      const last = request.messages.at(-1);
      const answered = Array.isArray(last?.content) && last.content.some((block) => block.type === 'tool_result');
      if (answered) return { blocks: [{ type: 'text', text: 'Done.' }] };
      return { blocks: [{ type: 'tool_use', name: 'write_file', input: { path: 'note.md', content: 'hi' } }] };
    },
  });
});

afterEach(async () => {
  for (const client of clients) client.close();
  await relay?.relay.close();
  await model.close();
  await rm(folder, { recursive: true, force: true });
});

/** A relay on the test's own workspace and data folder, so that a restart finds what the last one kept. */
async function start(): Promise<TestRelay> {
  relay = await startTestRelay({
    workspaceRoot: folder,
    dataDir: path.join(folder, '.baton'),
    env: { NODE_ENV: 'test', ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, BATON_MODEL: 'scripted' },
  });
  return relay;
}

async function restart(): Promise<TestRelay> {
  for (const client of clients.splice(0)) client.close();
  await relay?.relay.close();
  return start();
}

async function inboxTab(running: TestRelay) {
  const tab = await connectInboxTab({ origin: running.origin, token: running.relay.token });
  clients.push(tab.client);
  return tab;
}

const listed = async (running: TestRelay): Promise<InboxItem[]> =>
  (await (await inboxTab(running)).client.rpc.request('inbox/list', null)).items;

it('keeps a turn that ended unseen listed across a restart, until a tab opens its thread', async () => {
  const first = await start();
  const inbox = await inboxTab(first);
  const asking = await inboxTab(first);
  const { chatId } = await asking.client.rpc.request('chat/prompt', { message: 'Write a note', baton: { agent: 'builtin' } });
  await inbox.until((items) => items.some((item) => item.kind === 'approval' && item.threadId === chatId));
  const [approval] = inbox.current();
  // The thread's tab leaves; the question is answered from the inbox, and the turn ends unwatched.
  asking.client.close();
  inbox.client.rpc.notify('chat/toolCallReject', { chatId, toolCallId: (approval as { id: string }).id });
  await inbox.until((items) => items.some((item) => item.kind === 'turnEnded' && item.threadId === chatId));

  const second = await restart();
  // Kept as push.json and devices.json are: for the user alone.
  expect((await stat(path.join(second.dataDir, INBOX_FILE))).mode & 0o777).toBe(0o600);
  expect((await listed(second)).map((item) => [item.kind, item.threadId, item.threadTitle])).toEqual([
    ['turnEnded', chatId, 'Write a note'],
  ]);

  // Opened: seen, so no longer listed, here and after the next restart.
  const opening = await inboxTab(second);
  await opening.client.rpc.request('openThread', { threadId: chatId });
  expect((await opening.client.rpc.request('inbox/list', null)).items).toEqual([]);

  const third = await restart();
  expect(await listed(third)).toEqual([]);
});

it('starts with an empty inbox, saying why, when the inbox file is corrupt', async () => {
  await mkdir(path.join(folder, '.baton'), { recursive: true });
  await writeFile(path.join(folder, '.baton', INBOX_FILE), '{"unseen": {"t": {"outcome": "exploded"');
  const running = await start();
  expect(await listed(running)).toEqual([]);
  expect(running.logs.join('\n')).toMatch(/inbox's unseen turns start empty: .*inbox\.json does not hold/);
});
