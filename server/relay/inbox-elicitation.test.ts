/**
 * An agent's questions to the user (elicitations) in the inbox, with the fake ACP agent as the
 * relay's own child: a form question waiting in a thread no one looks at is listed and alerted,
 * and declining it from the inbox is what the agent hears; a link question is listed with its
 * link. Where a tab looks is the thread it says it shows: after New thread it looks at none,
 * though it still receives the previous thread's updates.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InboxItem } from '../../lib/protocol/inbox';
import { isTurnFinished, type RelayClient } from '../../e2e/support/relay-client';
import { fakeAgentEntry } from '../../e2e/support/fake-agents';
import { connectInboxTab } from './testing/inbox-tab';
import { startTestRelay, type TestRelay } from './testing/relay-support';

let relay: TestRelay;
let clients: RelayClient[];

beforeEach(async () => {
  clients = [];
  relay = await startTestRelay({
    extraAgents: [{ name: 'fake', entry: fakeAgentEntry('acp', 'server/agents/acp/testing/fake-acp-agent.ts') }],
  });
});

afterEach(async () => {
  for (const client of clients) client.close();
  await relay.close();
});

async function inboxTab() {
  const tab = await connectInboxTab({ origin: relay.origin, token: relay.relay.token });
  clients.push(tab.client);
  return tab;
}

type Elicitation = Extract<InboxItem, { kind: 'elicitation' }>;
const elicitationsOf = (items: InboxItem[], threadId: string) =>
  items.filter((item): item is Elicitation => item.kind === 'elicitation' && item.threadId === threadId);
const saidBy = (client: RelayClient, threadId: string, text: string) =>
  client.until((params) => params.chatId === threadId && params.content.type === 'text' && params.content.text.includes(text));

describe('elicitations in the inbox', () => {
  it('lists a form question no one looks at, alerts it, and declining it there is what the agent hears', async () => {
    const inbox = await inboxTab();
    const asking = await inboxTab();
    asking.client.rpc.notify('tab/visibility', { visible: false });
    const { chatId } = await asking.client.rpc.request('chat/prompt', { message: 'please elicit-form', baton: { agent: 'fake' } });
    await inbox.until((items) => elicitationsOf(items, chatId).length === 1);

    const [question] = elicitationsOf(inbox.current(), chatId);
    expect(question).toMatchObject({ threadTitle: 'please elicit-form', agent: 'fake', mode: 'form', message: 'Tell me about your order' });
    expect(question?.url).toBeUndefined();
    expect((await inbox.client.rpc.request('inbox/list', null)).items).toEqual(inbox.current());
    await inbox.until(() => inbox.alerts.some((alert) => alert.kind === 'elicitation' && alert.threadId === chatId));

    await inbox.client.rpc.request('thread/answerElicitation', { threadId: chatId, elicitationId: question!.id, action: 'decline' });
    await asking.client.until(
      (params) => params.chatId === chatId && params.content.type === 'elicitationAnswered' && params.content.outcome === 'declined',
    );
    await saidBy(asking.client, chatId, 'Form answer: decline');
    await inbox.until((items) => elicitationsOf(items, chatId).length === 0);
  });

  it('lists a link question with its link, until it is cancelled', async () => {
    const inbox = await inboxTab();
    const asking = await inboxTab();
    const { chatId } = await asking.client.rpc.request('chat/prompt', { message: 'please elicit-url', baton: { agent: 'fake' } });
    await inbox.until((items) => elicitationsOf(items, chatId).length === 1);
    const [question] = elicitationsOf(inbox.current(), chatId);
    expect(question).toMatchObject({ mode: 'url', url: 'https://example.com/device?code=FAKE-1234' });
    // Its tab is visible and has the thread open: no one is alerted.
    expect(inbox.alerts).toEqual([]);

    await inbox.client.rpc.request('thread/answerElicitation', { threadId: chatId, elicitationId: question!.id, action: 'cancel' });
    await saidBy(asking.client, chatId, 'URL answer: cancel');
    await inbox.until((items) => elicitationsOf(items, chatId).length === 0);
  });
});

describe('where a tab looks', () => {
  it('is the thread it says it shows, not the thread whose updates it still receives', async () => {
    const inbox = await inboxTab();
    const looking = await inboxTab();
    const { chatId } = await looking.client.rpc.request('chat/prompt', { message: 'please elicit-form', baton: { agent: 'fake' } });
    const turnsEnded = () => looking.client.received.filter((params) => params.chatId === chatId && isTurnFinished(params)).length;
    /** Waits for the thread's question, declines it, and waits for the turn's end. */
    const declineQuestion = async (turn: number) => {
      await inbox.until((items) => elicitationsOf(items, chatId).length === 1);
      const [question] = elicitationsOf(inbox.current(), chatId);
      await inbox.client.rpc.request('thread/answerElicitation', { threadId: chatId, elicitationId: question!.id, action: 'decline' });
      await looking.client.until(() => turnsEnded() >= turn);
      await inbox.until((items) => items.length === 0);
    };

    // The tab has the thread open and never said which it shows: it counts as looking there.
    await declineQuestion(1);
    expect(inbox.alerts.filter((alert) => alert.kind === 'elicitation')).toEqual([]);

    // New thread: the tab shows none, yet still receives the thread's updates. Its next question is alerted.
    looking.client.rpc.notify('tab/visibility', { visible: true, threadId: null });
    await looking.client.rpc.request('chat/prompt', { chatId, message: 'please elicit-form again' });
    await declineQuestion(2);
    expect(inbox.alerts.filter((alert) => alert.kind === 'elicitation').map((alert) => alert.threadId)).toEqual([chatId]);

    // A tab that says it shows the thread looks at it, by its word alone: nothing more is alerted.
    inbox.client.rpc.notify('tab/visibility', { visible: true, threadId: chatId });
    await looking.client.rpc.request('chat/prompt', { chatId, message: 'please elicit-form once more' });
    await declineQuestion(3);
    expect(inbox.alerts.filter((alert) => alert.kind === 'elicitation')).toHaveLength(1);
  });
});
