import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InboxItem } from '../../lib/protocol/inbox';
import { PushCloseMessageSchema, PushMessageSchema } from '../../lib/protocol/push';
import { pushFilePath } from './push-file';
import { PushSender } from './push-sender';
import { type LoopbackPushService, startLoopbackPushService } from './testing/loopback-push-service';

const APPROVAL: InboxItem = {
  kind: 'approval',
  threadId: 'thread-1',
  threadTitle: 'Fix the build',
  id: 'call-7',
  tool: 'shell',
  question: 'Run a command',
  detail: 'npm run deploy --prod',
  since: '2026-01-01T00:00:00.000Z',
};
const ENDED: InboxItem = {
  kind: 'turnEnded',
  threadId: 'thread-2',
  threadTitle: 'Tidy up',
  outcome: 'done',
  at: '2026-01-01T00:00:00.000Z',
};

let dataDir: string;
let service: LoopbackPushService;
let logged: string[];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'baton-push-data-'));
  service = await startLoopbackPushService();
  logged = [];
});
afterEach(async () => {
  await service.close();
  await rm(dataDir, { recursive: true, force: true });
});

const sender = () => new PushSender({ dataDir, log: (line) => logged.push(line), agent: service.agent });

describe('PushSender', () => {
  it("pushes an approval's question, encrypted for the browser, with a one-time answer key", async () => {
    const push = sender();
    const publicKey = await push.publicKey();
    await push.subscribe({ subscription: service.subscription(), muted: [] });
    const received = service.next();
    await push.alert(APPROVAL);
    const { headers, text } = await received;
    expect(headers['content-encoding']).toBe('aes128gcm');
    expect(String(headers.authorization)).toContain(`k=${publicKey}`);
    // The push service sees only ciphertext; the browser reads the question.
    const message = PushMessageSchema.parse(JSON.parse(text));
    expect(message).toMatchObject({
      title: 'Fix the build: Run a command',
      body: 'npm run deploy --prod',
      threadId: 'thread-1',
      tag: 'thread-1/approval/call-7',
    });
    expect(message.answerKey).toBeTruthy();
    expect(push.takeAnswerKey(message.answerKey ?? '')).toEqual({ threadId: 'thread-1', toolCallId: 'call-7' });
    expect(push.takeAnswerKey(message.answerKey ?? '')).toBeUndefined();
  });

  it('says how a turn ended, with no answer key', async () => {
    const push = sender();
    await push.subscribe({ subscription: service.subscription(), muted: [] });
    const received = service.next();
    await push.alert(ENDED);
    const message = PushMessageSchema.parse(JSON.parse((await received).text));
    expect(message).toEqual({
      title: 'Tidy up',
      body: 'The turn finished.',
      tag: 'thread-2/ended',
      threadId: 'thread-2',
      sent: expect.any(Number),
    });
  });

  it('keeps its keys and subscriptions in the data folder, readable by the user alone, across restarts', async () => {
    const first = sender();
    const publicKey = await first.publicKey();
    await first.subscribe({ subscription: service.subscription(), muted: [] });
    expect((await stat(pushFilePath(dataDir))).mode & 0o777).toBe(0o600);
    const restarted = sender();
    expect(await restarted.publicKey()).toBe(publicKey);
    const received = service.next();
    await restarted.alert(ENDED);
    expect(JSON.parse((await received).text).title).toBe('Tidy up');
  });

  it('sends nothing to a browser that muted the thread, and re-subscribing changes what it mutes', async () => {
    const push = sender();
    await push.subscribe({ subscription: service.subscription('a'), muted: ['thread-1'] });
    await push.subscribe({ subscription: service.subscription('b'), muted: [] });
    await push.alert(APPROVAL);
    expect(service.received.map((received) => received.path)).toEqual(['/push/b']);
    await push.subscribe({ subscription: service.subscription('a'), muted: [] });
    await push.alert(APPROVAL);
    expect(service.received.map((received) => received.path).sort()).toEqual(['/push/a', '/push/b', '/push/b']);
  });

  it('forgets a browser whose subscription has ended (410), and one that unsubscribed', async () => {
    const push = sender();
    await push.subscribe({ subscription: service.subscription('gone'), muted: [] });
    await push.subscribe({ subscription: service.subscription('left'), muted: [] });
    await push.unsubscribe(service.subscription('left').endpoint);
    service.answerWith(410);
    await push.alert(ENDED);
    expect(logged.join('\n')).toContain('has ended; it is forgotten');
    const saved = JSON.parse(await readFile(pushFilePath(dataDir), 'utf8'));
    expect(saved.subscriptions).toEqual([]);
    await push.alert(ENDED);
    expect(service.received.map((received) => received.path)).toEqual(['/push/gone']);
  });

  it('sends nothing, and makes no keys, while no browser subscribed', async () => {
    await sender().alert(APPROVAL);
    expect(service.received).toEqual([]);
    await expect(stat(pushFilePath(dataDir))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a push file other users can read, saying what to do', async () => {
    await sender().publicKey();
    await chmod(pushFilePath(dataDir), 0o644);
    await expect(sender().publicKey()).rejects.toThrow(/can be read by other users.*remove it and subscribe again/);
  });

  it('refuses a push file that holds something else, saying what to do', async () => {
    await writeFile(pushFilePath(dataDir), '{"vapid": 1}', { mode: 0o600 });
    await expect(sender().publicKey()).rejects.toThrow(/does not hold Baton's push keys.*remove it/);
  });

  it('tells the browsers it pushed an item to close it once the item leaves the inbox, and no other', async () => {
    const push = sender();
    await push.subscribe({ subscription: service.subscription('a'), muted: [] });
    await push.subscribe({ subscription: service.subscription('muting'), muted: ['thread-1'] });
    const alerting = service.next();
    await push.alert(APPROVAL);
    const alerted = PushMessageSchema.parse(JSON.parse((await alerting).text));
    const closing = service.next();
    await push.withdraw({ threadId: 'thread-1', kind: 'approval', id: 'call-7' });
    const closed = await closing;
    // The worker reads a close message for that tag, and shows nothing for it; nor the alert, should it come after.
    const close = PushCloseMessageSchema.parse(JSON.parse(closed.text));
    expect(close).toEqual({ close: true, tag: 'thread-1/approval/call-7', sent: expect.any(Number) });
    expect(close.sent).toBeGreaterThan(alerted.sent);
    expect(PushMessageSchema.safeParse(JSON.parse(closed.text)).success).toBe(false);
    expect(service.received.map((received) => received.path)).toEqual(['/push/a', '/push/a']);
    // Closed once; an item never pushed (a tab was looking) has nothing to close.
    await push.withdraw({ threadId: 'thread-1', kind: 'approval', id: 'call-7' });
    await push.withdraw({ threadId: 'thread-2', kind: 'turnEnded' });
    expect(service.received).toHaveLength(2);
  });

  it('spares the browser that answered from its notification: only the others are told to close theirs', async () => {
    const push = sender();
    await push.subscribe({ subscription: service.subscription('phone'), muted: [] });
    await push.subscribe({ subscription: service.subscription('laptop'), muted: [] });
    await push.alert(APPROVAL);
    const phone = service.received.find((received) => received.path === '/push/phone');
    const { answerKey } = PushMessageSchema.parse(JSON.parse(phone?.text ?? '{}'));
    expect(push.takeAnswerKey(answerKey ?? '')).toEqual({ threadId: 'thread-1', toolCallId: 'call-7' });
    const closing = service.next();
    await push.withdraw({ threadId: 'thread-1', kind: 'approval', id: 'call-7' });
    expect((await closing).path).toBe('/push/laptop');
    expect(service.received).toHaveLength(3);
  });

  it('pushes nothing of an item withdrawn before its alert could be sent', async () => {
    const push = sender();
    await push.subscribe({ subscription: service.subscription(), muted: [] });
    const alerting = push.alert(APPROVAL);
    await push.withdraw({ threadId: 'thread-1', kind: 'approval', id: 'call-7' });
    await alerting;
    expect(service.received).toEqual([]);
  });
});
