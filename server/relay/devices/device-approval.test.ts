/**
 * An answer given from a paired phone is recorded with the phone's name: the laptop's tab starts
 * a turn that asks to write a file, the phone (answer-and-watch) sees the question in its inbox
 * and approves it, and the thread's review then says who answered, from which device.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { connectRelayClient, isTurnFinished, type RelayClient } from '../../../e2e/support/relay-client';
import type { InboxItem } from '../../../lib/protocol/inbox';
import { approvalLabel, outcomeLabel } from '../../../lib/thread/review-labels';
import { startScriptedModelServer, type ScriptedModelServer } from '../../demo-model/scripted-model-server';
import { connectInboxTab } from '../testing/inbox-tab';
import { pairedCredential } from '../testing/paired-credential';
import { startTestRelay, type TestRelay } from '../testing/relay-support';
import { writeNoteScript } from '../testing/write-note-script';

let model: ScriptedModelServer;
let test: TestRelay;
const clients: RelayClient[] = [];

beforeEach(async () => {
  model = await startScriptedModelServer({
    script: writeNoteScript,
  });
  test = await startTestRelay({
    env: { NODE_ENV: 'test', ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, BATON_MODEL: 'scripted' },
  });
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await test.close();
  await model.close();
});

it('records the name of the device that approved a tool call, and the review shows it', async () => {
  const laptop = await connectRelayClient({ origin: test.origin, token: test.relay.token });
  clients.push(laptop);
  const phone = await connectInboxTab({
    origin: test.origin,
    token: await pairedCredential(test.origin, laptop, 'Phone', 'answer-and-watch'),
    asPage: true,
  });
  clients.push(phone.client);

  const { chatId } = await laptop.rpc.request('chat/prompt', { message: 'Write a note' });
  const waiting = (items: InboxItem[]) => items.find((item) => item.kind === 'approval' && item.threadId === chatId);
  await phone.until((items) => waiting(items) !== undefined);
  const call = waiting(phone.current()) as Extract<InboxItem, { kind: 'approval' }>;
  phone.client.rpc.notify('chat/toolCallApprove', { chatId, toolCallId: call.id });
  await laptop.until(isTurnFinished);

  const { entries } = await laptop.rpc.request('getThreadEntries', { threadId: chatId });
  const answered = entries.find((entry) => entry.type === 'toolCall' && entry.id === call.id);
  expect(answered).toMatchObject({ approval: { decision: 'approved', by: 'user-once', device: 'Phone' } });
  if (answered?.type !== 'toolCall' || answered.approval === undefined) throw new Error('no approval recorded');
  expect(approvalLabel(answered.approval)).toBe('Approved once by you, from Phone');
});

it("tells a paired device its own name and scope when it initializes, and the main token's tab nothing of the kind", async () => {
  const laptop = await connectRelayClient({ origin: test.origin, token: test.relay.token });
  clients.push(laptop);
  const phone = await connectRelayClient({
    origin: test.origin,
    token: await pairedCredential(test.origin, laptop, 'Phone', 'answer-and-watch'),
    asPage: true,
  });
  clients.push(phone);
  const initialize = { processId: null, capabilities: {}, workspaceFolders: [] };
  expect((await phone.rpc.request('initialize', initialize)).device).toMatchObject({ name: 'Phone', scope: 'answer-and-watch' });
  expect((await laptop.rpc.request('initialize', initialize)).device).toBeUndefined();
  // Who each tab is and its role, so the page hides what it may not use.
  expect((await phone.rpc.request('initialize', initialize)).actor).toEqual({ kind: 'device', name: 'Phone', role: 'approver' });
  expect((await laptop.rpc.request('initialize', initialize)).actor).toEqual({ kind: 'owner', name: 'owner', role: 'operator' });
});

it('records the device whose Stop ended a turn, on the question it rejected and on the turn', async () => {
  const laptop = await connectRelayClient({ origin: test.origin, token: test.relay.token });
  clients.push(laptop);
  const tablet = await connectInboxTab({
    origin: test.origin,
    token: await pairedCredential(test.origin, laptop, 'Tablet', 'full'),
    asPage: true,
  });
  clients.push(tablet.client);

  const { chatId } = await laptop.rpc.request('chat/prompt', { message: 'Write a note' });
  await tablet.until((items) => items.some((item) => item.kind === 'approval' && item.threadId === chatId));
  tablet.client.rpc.notify('chat/promptStop', { chatId });
  await laptop.until(isTurnFinished);

  const { entries } = await laptop.rpc.request('getThreadEntries', { threadId: chatId });
  const call = entries.find((entry) => entry.type === 'toolCall');
  expect(call?.type === 'toolCall' && call.approval ? approvalLabel(call.approval) : undefined).toBe('Rejected by Stop, from Tablet');
  const summary = entries.find((entry) => entry.type === 'turnSummary');
  expect(summary?.type === 'turnSummary' && summary.outcome ? outcomeLabel(summary.outcome, summary.device) : undefined).toBe(
    'Stopped by you, from Tablet',
  );
});
