/**
 * Web Push through a real relay: a browser subscribed over the socket is pushed the question of a
 * thread no visible tab looks at (decrypted by the tests' own push service on loopback), and the
 * notification's Approve, posted back with its one-time key, approves it: the turn goes on and ends.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_ANSWER_DEVICE, PUSH_ANSWER_PATH, PushCloseMessageSchema, type PushMessage, PushMessageSchema } from '../../lib/protocol/push';
import { approvalLabel } from '../../lib/thread/review-labels';
import { startScriptedModelServer, type ScriptedModelServer } from '../demo-model/scripted-model-server';
import { connectInboxTab, type InboxTab } from './testing/inbox-tab';
import { startTestRelay, type TestRelay } from './testing/relay-support';
import { type LoopbackPushService, startLoopbackPushService } from '../push/testing/loopback-push-service';
import { writeNoteScript } from './testing/write-note-script';

let model: ScriptedModelServer;
let service: LoopbackPushService;
let relay: TestRelay;
let tab: InboxTab;

beforeEach(async () => {
  model = await startScriptedModelServer({
    script: writeNoteScript,
  });
  service = await startLoopbackPushService();
  relay = await startTestRelay({
    env: { NODE_ENV: 'test', ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, BATON_MODEL: 'scripted' },
    pushAgent: service.agent,
  });
  tab = await connectInboxTab({ origin: relay.origin, token: relay.relay.token });
});

afterEach(async () => {
  tab.client.close();
  await relay.close();
  await service.close();
  await model.close();
});

const answer = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${relay.origin}/${PUSH_ANSWER_PATH}`, {
    method: 'POST',
    headers: { Origin: relay.origin, 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function pushedQuestion(): Promise<PushMessage> {
  await tab.client.rpc.request('push/subscribe', { subscription: service.subscription(), muted: [] });
  tab.client.rpc.notify('tab/visibility', { visible: false });
  const pushed = service.next();
  await tab.client.rpc.request('chat/prompt', { message: 'Write the note', baton: { agent: 'builtin' } });
  return PushMessageSchema.parse(JSON.parse((await pushed).text));
}

/** The next push that closes the notification of that tag (a turn's end may be pushed too). */
/** The close pushed for `tag`, from the pushes received after this is called. */
async function closeOf(tag: string) {
  const isClose = (push: { text: string }) => {
    const message = PushCloseMessageSchema.safeParse(JSON.parse(push.text));
    return message.success && message.data.tag === tag;
  };
  return PushCloseMessageSchema.parse(JSON.parse((await service.matching(isClose)).text));
}

describe('a push notification of a question', () => {
  it('shows the question and its file, and its Approve approves: the turn goes on and ends', async () => {
    const { publicKey } = await tab.client.rpc.request('push/publicKey', null);
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const question = await pushedQuestion();
    expect(question.title).toMatch(/^Write the note: /);
    expect(question.body).toContain('note.md');

    const ended = service.next();
    const approved = await answer({ key: question.answerKey, action: 'approve' });
    expect(approved.status).toBe(200);
    expect(JSON.parse((await ended).text)).toMatchObject({ title: 'Write the note', body: 'The turn finished.' });
    // The review says where the answer came from.
    const { entries } = await tab.client.rpc.request('getThreadEntries', { threadId: question.threadId });
    const call = entries.find((entry) => entry.type === 'toolCall');
    expect(call?.type === 'toolCall' && call.approval ? approvalLabel(call.approval) : undefined).toBe(
      `Approved once by you, from ${PUSH_ANSWER_DEVICE}`,
    );
    // So does the audit list: the approval was given by "a notification".
    expect(
      (await tab.client.rpc.request('audit/list', { threadId: question.threadId })).actions.map(({ actor, action }) => ({ actor, action })),
    ).toEqual([
      { actor: { kind: 'device', name: PUSH_ANSWER_DEVICE }, action: 'approve' },
      { actor: { kind: 'owner', name: 'owner' }, action: 'prompt' },
    ]);
    // The key was spent: a second click (another device) is told the question is gone.
    const again = await answer({ key: question.answerKey, action: 'reject' });
    expect(again.status).toBe(404);
    expect((await again.json()).error).toMatch(/answered already/);
  });

  it('tells the browser to close the notification once the question is answered in a tab', async () => {
    const question = await pushedQuestion();
    await tab.until((items) => items.some((item) => item.kind === 'approval'));
    const approval = tab.current().find((item) => item.kind === 'approval');
    const closed = closeOf(question.tag);
    tab.client.rpc.notify('chat/toolCallApprove', {
      chatId: question.threadId,
      toolCallId: approval?.kind === 'approval' ? approval.id : '',
    });
    const close = await closed;
    expect(close).toEqual({ close: true, tag: question.tag, sent: expect.any(Number) });
    // Sent after the question: a worker that had the close first shows the question no more.
    expect(close.sent).toBeGreaterThan(question.sent);
  });

  it('refuses an answer that is no JSON, has no key, or comes from another origin, and keeps the question', async () => {
    const question = await pushedQuestion();
    const notJson = await answer('key=x', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(notJson.status).toBe(415);
    const malformed = await answer({ key: question.answerKey, action: 'maybe' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toMatch(/"approve" \| "reject"/);
    const foreign = await answer({ key: question.answerKey, action: 'approve' }, { Origin: 'https://elsewhere.example' });
    expect(foreign.status).toBe(403);
    const unknown = await answer({ key: 'not-a-key', action: 'approve' });
    expect(unknown.status).toBe(404);
    // None of these spent the key, nor is in the audit list.
    expect((await answer({ key: question.answerKey, action: 'reject' })).status).toBe(200);
    const { actions } = await tab.client.rpc.request('audit/list', { threadId: question.threadId });
    expect(actions.filter((action) => action.actor.name === PUSH_ANSWER_DEVICE).map(({ action }) => action)).toEqual(['reject']);
  });

  it('pushes nothing of a thread a visible tab looks at', async () => {
    await tab.client.rpc.request('push/subscribe', { subscription: service.subscription(), muted: [] });
    const watching = await connectInboxTab({ origin: relay.origin, token: relay.relay.token });
    try {
      const { chatId: watched } = await watching.client.rpc.request('chat/prompt', {
        message: 'Write the watched note',
        baton: { agent: 'builtin' },
      });
      await tab.until((items) => items.some((item) => item.threadId === watched && item.kind === 'approval'));
      // A thread no one looks at, told after the watched one: its push is the first and only one.
      tab.client.rpc.notify('tab/visibility', { visible: false });
      const pushed = service.next();
      await tab.client.rpc.request('chat/prompt', { message: 'Write the hidden note', baton: { agent: 'builtin' } });
      expect(JSON.parse((await pushed).text).title).toMatch(/^Write the hidden note: /);
      expect(service.received).toHaveLength(1);
    } finally {
      watching.client.close();
    }
  });

  it('refuses a subscription whose push service is not HTTPS', async () => {
    const subscription = { ...service.subscription(), endpoint: 'http://127.0.0.1:1/push' };
    const refused = await tab.client.rpc.request('push/subscribe', { subscription, muted: [] }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ message: 'Invalid params for push/subscribe' });
    expect(JSON.stringify((refused as { data: unknown }).data)).toContain('endpoint');
  });
});
