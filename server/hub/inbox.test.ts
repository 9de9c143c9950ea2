import { describe, expect, it } from 'vitest';
import type { ChatContentInput } from '../../lib/protocol/eca-chat';
import type { InboxItem } from '../../lib/protocol/inbox';
import { SequencedContentReceivedParamsSchema } from '../../lib/protocol/thread-events';
import { Inbox } from './inbox';

/** An inbox over two named threads; `open` and `looked` say which a tab has open and which one sees. */
function makeInbox(open: Set<string>, looked: Set<string>) {
  const lists: InboxItem[][] = [];
  const alerts: InboxItem[] = [];
  let tick = 0;
  const inbox = new Inbox({
    describe: async (threadId) => (threadId === 'gone' ? null : { title: `Thread ${threadId}`, agent: 'builtin' }),
    isOpen: (threadId) => open.has(threadId),
    isLookedAt: (threadId) => looked.has(threadId),
    changed: ({ items }) => lists.push(items),
    alert: (item) => alerts.push(item),
    log: () => undefined,
    now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, (tick += 1))),
  });
  const feed = (threadId: string, content: ChatContentInput) =>
    inbox.observe(SequencedContentReceivedParamsSchema.parse({ chatId: threadId, role: 'assistant', content }));
  return { inbox, feed, lists, alerts };
}

const ask = (id: string, command: string): ChatContentInput => ({
  type: 'toolCallRun',
  origin: 'native',
  id,
  name: 'shell_command',
  summary: 'Run a command',
  arguments: { command },
  manualApproval: true,
});

describe('the inbox', () => {
  it('keeps a question through the progress of its turn, drops it when answered, and lists an unwatched end until seen', async () => {
    const { inbox, feed, lists, alerts } = makeInbox(new Set(), new Set(['b']));
    feed('a', { type: 'progress', state: 'running', text: 'Working…' });
    feed('a', ask('call-1', 'npm test'));
    feed('b', ask('call-2', 'ls'));
    feed('a', { type: 'progress', state: 'running', text: 'Still working' });
    await inbox.published();
    const waiting = await inbox.list();
    expect(waiting.map((item) => [item.threadId, item.kind === 'approval' && item.detail])).toEqual([
      ['a', 'npm test'],
      ['b', 'ls'],
    ]);
    // Only what no visible tab looks at is alerted.
    expect(alerts.map((item) => item.threadId)).toEqual(['a']);

    feed('a', { type: 'toolCallApproval', id: 'call-1', decision: 'approved' });
    feed('a', { type: 'progress', state: 'finished', text: 'Done', outcome: 'done' });
    await inbox.published();
    const after = await inbox.list();
    expect(after.map((item) => [item.threadId, item.kind])).toEqual([
      ['b', 'approval'],
      ['a', 'turnEnded'],
    ]);
    expect(lists.at(-1)).toEqual(after);
    inbox.seen('a');
    expect((await inbox.list()).map((item) => item.threadId)).toEqual(['b']);
  });

  it('lists no end for a thread a tab had open, and nothing of a thread that is gone', async () => {
    const { inbox, feed } = makeInbox(new Set(['a']), new Set());
    feed('a', { type: 'progress', state: 'finished', text: 'Done' });
    feed('gone', ask('call-3', 'rm -rf build'));
    expect(await inbox.list()).toEqual([]);
  });

  it("keeps an agent's question apart from a tool call of the same id, until an ending of its own closes it", async () => {
    const { inbox, feed, alerts } = makeInbox(new Set(), new Set());
    feed('a', ask('same-id', 'npm test'));
    feed('a', { type: 'elicitation', id: 'same-id', mode: 'url', message: 'Sign in', url: 'https://example.com/login' });
    await inbox.published();
    expect((await inbox.list()).map((item) => item.kind)).toEqual(['approval', 'elicitation']);
    feed('a', { type: 'toolCalled', origin: 'native', id: 'same-id', name: 'shell_command', arguments: {}, outputs: [], error: false });
    await inbox.published();
    const [question] = await inbox.list();
    expect(question).toMatchObject({
      kind: 'elicitation',
      id: 'same-id',
      mode: 'url',
      message: 'Sign in',
      url: 'https://example.com/login',
    });
    expect(alerts.map((item) => item.kind)).toEqual(['approval', 'elicitation']);
    feed('a', { type: 'elicitationAnswered', id: 'same-id', outcome: 'withdrawn' });
    expect(await inbox.list()).toEqual([]);
  });
});
