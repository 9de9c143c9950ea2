/**
 * Users and roles against a real relay on loopback: users configured by token hash or token file
 * open sockets with their role; a viewer may neither prompt nor approve, an approver may answer but
 * neither prompt nor change a setting, an operator may prompt; each refusal names the role and the
 * action; what each did is in `audit/list` and the thread's people, under their names.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { connectRelayClient, isTurnFinished, type RelayClient } from '../../../e2e/support/relay-client';
import type { InboxItem } from '../../../lib/protocol/inbox';
import { ROLE_ERROR_CODE } from '../../../lib/protocol/roles';
import { approvalLabel } from '../../../lib/thread/review-labels';
import { startScriptedModelServer, type ScriptedModelServer } from '../../demo-model/scripted-model-server';
import { connectInboxTab } from '../testing/inbox-tab';
import { startTestRelay, type TestRelay } from '../testing/relay-support';
import { tokenHash } from './users-config';
import { writeNoteScript } from '../testing/write-note-script';

const TOKENS = { vera: 'viewer-token-0123456789', april: 'approver-token-0123456789', otto: 'operator-token-0123456789' };

let model: ScriptedModelServer;
let test: TestRelay;
let folder: string;
const clients: RelayClient[] = [];

beforeEach(async () => {
  model = await startScriptedModelServer({
    script: writeNoteScript,
  });
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-roles-test-'));
  const dataDir = path.join(folder, '.baton');
  await mkdir(dataDir);
  await writeFile(path.join(dataDir, 'april.token'), `${TOKENS.april}\n`);
  const users = [
    { name: 'vera', role: 'viewer', tokenHash: tokenHash(TOKENS.vera) },
    { name: 'april', role: 'approver', tokenFile: 'april.token' },
    { name: 'otto', role: 'operator', tokenHash: tokenHash(TOKENS.otto) },
  ];
  await writeFile(path.join(dataDir, 'config.json'), JSON.stringify({ users }));
  test = await startTestRelay({
    dataDir,
    env: { NODE_ENV: 'test', ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, BATON_MODEL: 'scripted' },
  });
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await test.close();
  await model.close();
  await rm(folder, { recursive: true, force: true });
});

async function connect(token: string): Promise<RelayClient> {
  const client = await connectRelayClient({ origin: test.origin, token });
  clients.push(client);
  return client;
}

it('refuses a viewer and an approver what their role does not allow, saying which role and which action', async () => {
  const vera = await connect(TOKENS.vera);
  const april = await connect(TOKENS.april);
  await expect(vera.rpc.request('chat/prompt', { message: 'hello' })).rejects.toMatchObject({
    code: ROLE_ERROR_CODE,
    message: 'chat/prompt is not allowed from "vera": the viewer role may only read threads and follow the inbox, not send a prompt.',
  });
  await expect(
    vera.rpc.request('thread/answerElicitation', { threadId: 't', elicitationId: 'e', action: 'decline' }),
  ).rejects.toMatchObject({
    code: ROLE_ERROR_CODE,
    message: `thread/answerElicitation is not allowed from "vera": the viewer role may only read threads and follow the inbox, not answer an agent's question.`,
  });
  const approverMay =
    'the approver role may only read threads, follow the inbox and answer what waits for you (approvals, questions, Stop)';
  await expect(april.rpc.request('chat/prompt', { message: 'hello' })).rejects.toMatchObject({
    code: ROLE_ERROR_CODE,
    message: `chat/prompt is not allowed from "april": ${approverMay}, not send a prompt.`,
  });
  await expect(april.rpc.request('thread/setAgentSetting', { threadId: 't', settingId: 's', value: true })).rejects.toMatchObject({
    code: ROLE_ERROR_CODE,
    message: `thread/setAgentSetting is not allowed from "april": ${approverMay}, not change an agent's setting.`,
  });
  await expect(april.rpc.request('devices/list', {})).rejects.toMatchObject({
    code: ROLE_ERROR_CODE,
    message: expect.stringContaining('not use devices/list'),
  });
  // The audit list of every thread is an operator's; a thread's own history is every role's.
  for (const [client, name, may] of [
    [vera, 'vera', 'the viewer role may only read threads and follow the inbox'],
    [april, 'april', approverMay],
  ] as const) {
    await expect(client.rpc.request('audit/list', { limit: 10 })).rejects.toMatchObject({
      code: ROLE_ERROR_CODE,
      message: `audit/list is not allowed from "${name}": ${may}, not read the audit list of every thread.`,
    });
    expect(await client.rpc.request('audit/list', { threadId: 't' })).toEqual({ actions: [] });
  }
  // Both sockets stay usable after their refusals.
  expect(await vera.rpc.request('getThreads', {})).toMatchObject({ threads: [] });
  expect(await april.rpc.request('inbox/list', {})).toMatchObject({ items: [] });
});

it("an operator prompts, a viewer's approval is ignored, an approver's is recorded under its name, and the audit list says who did what", async () => {
  const otto = await connect(TOKENS.otto);
  const vera = await connect(TOKENS.vera);
  const april = await connectInboxTab({ origin: test.origin, token: TOKENS.april, asPage: true });
  clients.push(april.client);

  const { chatId } = await otto.rpc.request('chat/prompt', { message: 'Write a note' });
  const waiting = (items: InboxItem[]) => items.find((item) => item.kind === 'approval' && item.threadId === chatId);
  await april.until((items) => waiting(items) !== undefined);
  const call = waiting(april.current()) as Extract<InboxItem, { kind: 'approval' }>;
  vera.rpc.notify('chat/toolCallApprove', { chatId, toolCallId: call.id });
  // A request after the notification on the same socket: the notification has been judged by then.
  expect(waiting((await vera.rpc.request('inbox/list', {})).items)).toBeDefined();
  april.client.rpc.notify('chat/toolCallApprove', { chatId, toolCallId: call.id });
  await otto.until(isTurnFinished);

  const { entries } = await otto.rpc.request('getThreadEntries', { threadId: chatId });
  const answered = entries.find((entry) => entry.type === 'toolCall' && entry.id === call.id);
  if (answered?.type !== 'toolCall' || answered.approval === undefined) throw new Error('no approval recorded');
  expect(answered.approval).toMatchObject({ decision: 'approved', user: 'april' });
  expect(approvalLabel(answered.approval)).toBe('Approved once by april');

  const { actions } = await april.client.rpc.request('audit/list', { threadId: chatId });
  expect(actions.map(({ actor, action, toolCallId }) => ({ actor, action, toolCallId }))).toEqual([
    { actor: { kind: 'user', name: 'april' }, action: 'approve', toolCallId: call.id },
    { actor: { kind: 'user', name: 'otto' }, action: 'prompt', toolCallId: undefined },
  ]);
  expect((await vera.rpc.request('thread/details', { threadId: chatId })).people).toEqual(['otto', 'april']);
  const owner = await connect(test.relay.token);
  await owner.rpc.request('openThread', { threadId: chatId });
  owner.rpc.notify('chat/promptStop', { chatId });
  expect((await owner.rpc.request('audit/list', { limit: 1 })).actions).toMatchObject([
    { actor: { kind: 'owner', name: 'owner' }, action: 'stop' },
  ]);
});
