import { describe, expect, it } from 'vitest';
import { type InboxApproval, type InboxItem, InboxItemSchema } from '../lib/protocol/inbox';
import { createBatonStore } from './baton-store';
import { scriptedRelay } from './testing/fake-baton-rpc';

const approval = (threadId: string, id: string): InboxApproval =>
  InboxItemSchema.parse({
    kind: 'approval',
    threadId,
    threadTitle: `Thread ${threadId}`,
    id,
    tool: 'shell_command',
    question: 'Run a command',
    detail: 'npm test',
    since: '2026-01-01T00:00:00.000Z',
  }) as InboxApproval;

const ended: InboxItem = { kind: 'turnEnded', threadId: 'c', threadTitle: 'Thread c', outcome: 'done', at: '2026-01-01T00:01:00.000Z' };

describe('the inbox in a tab', () => {
  it('is listed at each connection, after telling the relay whether the tab can be seen', async () => {
    const rpc = scriptedRelay({ 'inbox/list': () => ({ items: [approval('a', 'call-1'), ended] }) });
    const store = createBatonStore(rpc);
    store.getState().reportVisibility(false);
    await store.getState().synchronize();
    expect(store.getState().inbox.map((item) => item.threadId)).toEqual(['a', 'c']);
    const told = rpc.notifications.filter((sent) => sent.method === 'tab/visibility');
    expect(told.map((sent) => sent.params)).toEqual([{ visible: false, threadId: null }]);
    // Shown again: the relay hears of it while connected.
    store.getState().reportVisibility(true);
    expect(rpc.notifications.filter((sent) => sent.method === 'tab/visibility').at(-1)?.params).toEqual({ visible: true, threadId: null });
    // Another thread shown: the relay hears which, as it judges where the tab looks by it.
    store.setState({ selectedThreadId: 'a' });
    expect(rpc.notifications.filter((sent) => sent.method === 'tab/visibility').at(-1)?.params).toEqual({ visible: true, threadId: 'a' });
  });

  it('follows the relay, and answers a question as the thread card does, in the thread it belongs to', async () => {
    const rpc = scriptedRelay({ 'inbox/list': () => ({ items: [] }) });
    const store = createBatonStore(rpc);
    await store.getState().synchronize();
    const first = approval('a', 'call-1');
    const second = approval('b', 'call-2');
    store.getState().receiveInbox([first, second]);

    store.getState().answerInboxQuestion(first, { approve: true });
    store.getState().answerInboxQuestion(second, { approve: false, optionId: 'reject-all' });
    expect(rpc.notifications.filter((sent) => sent.method.startsWith('chat/toolCall'))).toEqual([
      { method: 'chat/toolCallApprove', params: { chatId: 'a', toolCallId: 'call-1' } },
      { method: 'chat/toolCallReject', params: { chatId: 'b', toolCallId: 'call-2', optionId: 'reject-all' } },
    ]);
    expect(store.getState().inbox).toEqual([]);
  });

  it('keeps each alert apart, even the same one twice', () => {
    const store = createBatonStore(scriptedRelay());
    store.getState().receiveInboxAlert(ended);
    const firstSerial = store.getState().inboxAlert?.serial;
    store.getState().receiveInboxAlert(ended);
    expect(store.getState().inboxAlert?.item).toEqual(ended);
    expect(store.getState().inboxAlert?.serial).not.toBe(firstSerial);
  });

  it('keeps what it had when the relay cannot list the inbox', async () => {
    const store = createBatonStore(scriptedRelay());
    store.getState().receiveInbox([ended]);
    await store.getState().loadInbox();
    expect(store.getState().inbox).toEqual([ended]);
  });
});
