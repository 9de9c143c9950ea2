/**
 * The inbox over the socket: a tab that opened none of the threads sees every question waiting in
 * three threads of two agents (the built-in agent on the scripted model, the fake ACP agent),
 * answers them there as the thread's card would, sees a turn that ended unwatched until it opens
 * the thread, and is alerted only of what happens where no visible tab looks.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InboxItem } from '../../lib/protocol/inbox';
import { isTurnFinished, type RelayClient } from '../../e2e/support/relay-client';
import { fakeAgentEntry } from '../../e2e/support/fake-agents';
import { startScriptedModelServer, type ScriptedModelServer } from '../demo-model/scripted-model-server';
import { connectInboxTab } from './testing/inbox-tab';
import { startTestRelay, type TestRelay } from './testing/relay-support';
import { writeNoteScript } from './testing/write-note-script';

let model: ScriptedModelServer;
let relay: TestRelay;
let clients: RelayClient[];

beforeEach(async () => {
  clients = [];
  model = await startScriptedModelServer({
    script: writeNoteScript,
  });
  relay = await startTestRelay({
    env: { NODE_ENV: 'test', ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, BATON_MODEL: 'scripted' },
    extraAgents: [{ name: 'fake', entry: fakeAgentEntry('acp', 'server/agents/acp/testing/fake-acp-agent.ts') }],
  });
});

afterEach(async () => {
  for (const client of clients) client.close();
  await relay.close();
  await model.close();
});

/** A tab and what the inbox told it; closed after the test. */
async function inboxTab() {
  const tab = await connectInboxTab({ origin: relay.origin, token: relay.relay.token });
  clients.push(tab.client);
  return tab;
}

const approvalsOf = (items: InboxItem[], threadId: string) =>
  items.filter((item): item is Extract<InboxItem, { kind: 'approval' }> => item.kind === 'approval' && item.threadId === threadId);

describe('the inbox', () => {
  it('lists the questions of three threads of two agents, and answering there answers in the thread', async () => {
    const inbox = await inboxTab();
    // Three tabs, one thread each: the first and third hidden (no one looks), the second visible.
    const [hidden, visible, hiddenToo] = [await inboxTab(), await inboxTab(), await inboxTab()];
    hidden.client.rpc.notify('tab/visibility', { visible: false });
    hiddenToo.client.rpc.notify('tab/visibility', { visible: false });

    const { chatId: first } = await hidden.client.rpc.request('chat/prompt', {
      message: 'Write the first note',
      baton: { agent: 'builtin' },
    });
    await inbox.until((items) => approvalsOf(items, first).length === 1);
    const { chatId: second } = await visible.client.rpc.request('chat/prompt', {
      message: 'Write the second note',
      baton: { agent: 'builtin' },
    });
    await inbox.until((items) => approvalsOf(items, second).length === 1);
    const { chatId: third } = await hiddenToo.client.rpc.request('chat/prompt', { message: 'write notes', baton: { agent: 'fake' } });
    await inbox.until((items) => approvalsOf(items, third).length === 1);

    // The list a tab asks for is the one it was told, oldest first.
    const { items } = await inbox.client.rpc.request('inbox/list', null);
    expect(items).toEqual(inbox.current());
    expect(items.map((item) => [item.kind, item.threadId, item.threadTitle, item.agent])).toEqual([
      ['approval', first, 'Write the first note', 'builtin'],
      ['approval', second, 'Write the second note', 'builtin'],
      ['approval', third, 'write notes', 'fake'],
    ]);
    const [firstCall, secondCall, thirdCall] = items as Array<Extract<InboxItem, { kind: 'approval' }>>;
    expect(firstCall).toMatchObject({ tool: 'write_file', detail: 'note.md' });
    expect(thirdCall?.options?.map((option) => option.optionId)).toEqual(['fake-allow', 'fake-always', 'fake-reject']);
    // Alerted: the questions no visible tab looks at, not the one the visible tab has open.
    expect(inbox.alerts.map((alert) => alert.threadId)).toEqual([first, third]);

    // Approved from the inbox: the thread's own tab sees the answer recorded and the turn go on to its end.
    inbox.client.rpc.notify('chat/toolCallApprove', { chatId: first, toolCallId: firstCall!.id });
    await hidden.client.until(
      (params) => params.chatId === first && params.content.type === 'toolCallApproval' && params.content.decision === 'approved',
    );
    await hidden.client.until((params) => params.chatId === first && isTurnFinished(params));
    await inbox.until((items) => approvalsOf(items, first).length === 0);
    // Its end is seen (its tab had it open), so it is not listed, yet the hidden tab is alerted of it.
    await inbox.until(() => inbox.alerts.some((alert) => alert.threadId === first && alert.kind === 'turnEnded'));
    expect(inbox.current().some((item) => item.threadId === first)).toBe(false);

    // The ACP agent's own option, picked in the inbox, is what the agent hears.
    inbox.client.rpc.notify('chat/toolCallApprove', { chatId: third, toolCallId: thirdCall!.id, optionId: 'fake-allow' });
    await hiddenToo.client.until((params) => params.chatId === third && isTurnFinished(params));
    await inbox.until((items) => approvalsOf(items, third).length === 0);

    // The second thread's tab leaves; its turn ends unwatched and is listed until a tab opens it.
    visible.client.close();
    inbox.client.rpc.notify('chat/toolCallReject', { chatId: second, toolCallId: secondCall!.id });
    await inbox.until((items) => items.some((item) => item.threadId === second && item.kind === 'turnEnded'));
    expect(
      inbox
        .current()
        .filter((item) => item.threadId === second)
        .map((item) => item.kind),
    ).toEqual(['turnEnded']);
    expect((await inbox.client.rpc.request('inbox/list', null)).items).toEqual(inbox.current());
    // A tab that opens it later sees it too, until one opens the thread: then it is seen in every tab.
    const later = await inboxTab();
    expect((await later.client.rpc.request('inbox/list', null)).items.map((item) => item.threadId)).toEqual([second]);
    await later.client.rpc.request('openThread', { threadId: second });
    await inbox.until((items) => items.length === 0);
    expect((await later.client.rpc.request('inbox/list', null)).items).toEqual([]);
  });

  it('drops what a deleted thread waited for', async () => {
    const inbox = await inboxTab();
    const asking = await inboxTab();
    const { chatId } = await asking.client.rpc.request('chat/prompt', { message: 'Write a note', baton: { agent: 'builtin' } });
    await inbox.until((items) => approvalsOf(items, chatId).length === 1);
    asking.client.close();
    await inbox.client.rpc.request('thread/delete', { threadId: chatId });
    await inbox.until((items) => items.length === 0);
    expect((await inbox.client.rpc.request('inbox/list', null)).items).toEqual([]);
  });

  it('refuses bad input with a clear error, and the connection stays usable', async () => {
    const inbox = await inboxTab();
    inbox.client.socket.emit('rpc', { jsonrpc: '2.0', method: 'tab/visibility', params: { visible: 'yes' } });
    await expect(inbox.client.rpc.request('inbox/list', 'all' as never)).rejects.toMatchObject({ code: -32602 });
    expect(relay.logs.some((line) => line.includes('tab/visibility'))).toBe(true);
    expect(await inbox.client.rpc.request('inbox/list', null)).toEqual({ items: [] });
  });
});
