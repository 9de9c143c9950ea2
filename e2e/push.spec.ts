/**
 * Web Push in real Chromium (issue 28): a question waits in a thread no visible tab looks at; the
 * relay pushes it, encrypted, to a subscribed browser; Baton's service worker shows it with the
 * question's file and Approve / Reject, and its Approve approves: the turn goes on and ends; a
 * second Approve of the same push is refused, and the worker's next notification says why.
 *
 * Chromium subscribes only through its own push service (FCM), which is out of reach offline, so the
 * two halves meet in the middle: the relay pushes to a push service of the tests' own on loopback
 * (server/push/testing/loopback-push-service.ts), which decrypts the push as a browser would, and the
 * payload it read is delivered to the page's real service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), as Chromium's push service would deliver it. The notification's
 * buttons cannot be clicked through any API, so its click is dispatched inside the worker.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { MessagesRequest } from '../server/demo-model/messages-request';
import type { ScriptedReply } from '../server/demo-model/scripted-reply';
import { type LoopbackPushService, startLoopbackPushService } from '../server/push/testing/loopback-push-service';
import { expect, type RelayProcess, test } from './fixtures/baton-test';
import { BatonPage } from './support/baton-page';

function reply(request: MessagesRequest): ScriptedReply {
  const first = request.messages[0];
  const prompt = typeof first?.content === 'string' ? first.content : JSON.stringify(first?.content ?? '');
  const file = /write (\S+\.md)/.exec(prompt)?.[1] ?? 'note.md';
  if (JSON.stringify(request.messages).includes('tool_result')) return { blocks: [{ type: 'text', text: `Written ${file}.` }] };
  return { blocks: [{ type: 'tool_use', name: 'write_file', input: { path: file, content: 'pushed' } }] };
}

test.use({ modelOptions: { script: reply } });

let service: LoopbackPushService;
let certificates: string;
let workerLog: string[] = [];

test.beforeEach(async ({ context }) => {
  workerLog = [];
  context.on('console', (message) => {
    if (message.worker()) workerLog.push(`${message.type()}: ${message.text()}`);
  });
  service = await startLoopbackPushService();
  certificates = await mkdtemp(path.join(tmpdir(), 'baton-push-ca-'));
});
test.afterEach(async ({ context }, testInfo) => {
  // A push the worker never showed leaves no trace in the page: what the worker said, and what it
  // holds as shown, go with the failure.
  if (testInfo.status !== testInfo.expectedStatus) {
    console.log(`the service worker's log:\n${workerLog.join('\n') || '(empty)'}`);
    console.log(`the notifications the worker holds: ${await notificationsInWorker(context)}`);
  }
  await service.close();
  await rm(certificates, { recursive: true, force: true });
});

/** Registers Baton's service worker as the Push toggle does, and answers its registration's id. */
async function registerWorker(page: Page, context: BrowserContext): Promise<string> {
  const cdp = await context.newCDPSession(page);
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) => workerLog.push(`error: ${errorMessage.errorMessage}`));
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions) workerLog.push(`version ${version.versionId}: ${version.status}, ${version.runningStatus}`);
      const active = versions.find((version) => version.scriptURL.endsWith('/baton-sw.js') && version.status === 'activated');
      if (active) resolve(active.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('baton-sw.js');
    await navigator.serviceWorker.ready;
  });
  const registrationId = await registered;
  deliver = (data) => {
    workerLog.push(`delivered to registration ${registrationId}: ${data}`);
    return cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId, data });
  };
  return registrationId;
}
let deliver: (data: string) => Promise<unknown>;

/**
 * Waits until the worker says it has shown the push of this tag `times` times. A notification is read
 * only then: Chromium's getNotifications() deletes one written before the read began that the
 * platform does not show yet (public/baton-sw.js), so a read racing the worker's show loses it for good.
 */
async function shownByWorker(push: string, times = 1): Promise<void> {
  const line = `info: [baton] shown: ${(JSON.parse(push) as { tag: string }).tag}`;
  await expect.poll(() => workerLog.filter((logged) => logged === line).length).toBe(times);
}

const notifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
      title: shown.title,
      body: shown.body,
      actions: (shown as Notification & { actions?: Array<{ title: string }> }).actions?.map((action) => action.title) ?? [],
    })),
  );

/** The titles of the notifications the worker's registration holds, read inside the worker. */
async function notificationsInWorker(context: BrowserContext): Promise<string> {
  const [worker] = context.serviceWorkers();
  if (!worker) return '(no service worker is running)';
  return worker
    .evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration };
      return JSON.stringify((await scope.registration.getNotifications()).map((shown) => shown.title));
    })
    .catch((error: unknown) => `(could not be read: ${String(error)})`);
}

/** Clicks the worker's notification (on one of its buttons when `action` is given), inside the worker. */
async function clickNotification(context: BrowserContext, action: string): Promise<void> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker is running');
  await worker.evaluate(async (chosen) => {
    // The worker's own globals, which the page's types do not name.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
    };
    const [shown] = await scope.registration.getNotifications();
    if (!shown) throw new Error('no notification is shown');
    // A click made by a script is not trusted: Chromium refuses its waitUntil, so the worker is not
    // kept alive for the answer's round trip and may stop before it. Here the promises the handler
    // hands to waitUntil are awaited instead, as the browser does for a real click.
    const click = new scope.NotificationEvent('notificationclick', { notification: shown, action: chosen });
    const extended: Promise<unknown>[] = [];
    Object.defineProperty(click, 'waitUntil', { value: (promise: Promise<unknown>) => extended.push(promise) });
    scope.dispatchEvent(click);
    await Promise.all(extended);
  }, action);
}

async function relayPushingToLoopback(startRelay: (options: { env: Record<string, string> }) => Promise<RelayProcess>) {
  const file = path.join(certificates, 'loopback-push-service.pem');
  await writeFile(file, service.certificate);
  return startRelay({ env: { NODE_EXTRA_CA_CERTS: file } });
}

test("a question pushed to the browser shows its file, and the notification's Approve approves it", async ({
  page,
  context,
  startRelay,
  connect,
}) => {
  const relay = await relayPushingToLoopback(startRelay);
  await context.grantPermissions(['notifications'], { origin: new URL(relay.url).origin });
  const baton = new BatonPage(page, relay.url);
  await baton.open();
  await registerWorker(page, context);

  // The browser is subscribed; a hidden tab of a script starts a thread the page does not show.
  const script = await connect(relay);
  await script.rpc.request('push/subscribe', { subscription: service.subscription(), muted: [] });
  script.rpc.notify('tab/visibility', { visible: false });
  const pushed = service.next();
  await script.rpc.request('chat/prompt', { message: 'write alpha.md', baton: { agent: 'builtin' } });
  const question = (await pushed).text;
  await deliver(question);
  await shownByWorker(question);

  await expect
    .poll(() => notifications(page))
    .toEqual([{ title: 'write alpha.md: Creating alpha.md', body: 'alpha.md', actions: ['Approve', 'Reject'] }]);

  const ended = service.next();
  await clickNotification(context, 'approve');
  expect(JSON.parse((await ended).text)).toMatchObject({ title: 'write alpha.md', body: 'The turn finished.' });
  await page.getByTestId('thread-item').filter({ hasText: 'write alpha.md' }).click();
  await expect(baton.assistantMessages.last()).toContainText('Written alpha.md.');
  await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'succeeded');

  // The same push again (a second device, a late delivery): its key was spent, and the worker says so.
  await deliver(question);
  await shownByWorker(question, 2);
  await expect.poll(async () => (await notifications(page)).length).toBe(1);
  await clickNotification(context, 'approve');
  await expect
    .poll(() => notifications(page))
    .toEqual([
      { title: 'Not approved: write alpha.md: Creating alpha.md', body: expect.stringContaining('answered already'), actions: [] },
    ]);
});

test('a plain click on a pushed notification opens its thread in the open tab', async ({ page, context, startRelay, connect }) => {
  const relay = await relayPushingToLoopback(startRelay);
  await context.grantPermissions(['notifications'], { origin: new URL(relay.url).origin });
  const baton = new BatonPage(page, relay.url);
  await baton.open();
  await registerWorker(page, context);
  const script = await connect(relay);
  await script.rpc.request('push/subscribe', { subscription: service.subscription(), muted: [] });
  script.rpc.notify('tab/visibility', { visible: false });
  const pushed = service.next();
  await script.rpc.request('chat/prompt', { message: 'write beta.md', baton: { agent: 'builtin' } });
  const question = (await pushed).text;
  await deliver(question);
  await shownByWorker(question);
  await expect.poll(async () => (await notifications(page)).length).toBe(1);

  await clickNotification(context, '');
  await expect(baton.userMessages.first()).toHaveText('write beta.md');
  await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'waiting-approval');
  expect(await notifications(page)).toEqual([]);
});

test("the Push toggle registers the worker and, when the browser's push service cannot be reached, says so and stays off", async ({
  page,
  context,
  relay,
  baton,
}) => {
  await context.grantPermissions(['notifications'], { origin: new URL(relay.url).origin });
  await baton.open();
  await page.getByTestId('inbox-button').click();
  const toggle = page.getByTestId('inbox-push-toggle');
  await expect(toggle).toHaveText('Push: off');
  await toggle.click();
  // Offline, Chromium's own push service (which hands out subscriptions) is out of reach.
  await expect(page.getByTestId('inbox-panel').getByRole('alert')).toContainText('Push notifications could not be turned on: ');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  // Ready once the worker is active: its install keeps the page for offline use first.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/baton-sw\.js$/);
});

test('a question answered in a tab closes its pushed notification, and the close shows nothing', async ({
  page,
  context,
  startRelay,
  connect,
}) => {
  const relay = await relayPushingToLoopback(startRelay);
  await context.grantPermissions(['notifications'], { origin: new URL(relay.url).origin });
  await new BatonPage(page, relay.url).open();
  await registerWorker(page, context);
  const script = await connect(relay);
  await script.rpc.request('push/subscribe', { subscription: service.subscription(), muted: [] });
  script.rpc.notify('tab/visibility', { visible: false });
  const pushed = service.next();
  const { chatId } = await script.rpc.request('chat/prompt', { message: 'write gamma.md', baton: { agent: 'builtin' } });
  const question = (await pushed).text;
  await deliver(question);
  await shownByWorker(question);
  await expect.poll(async () => (await notifications(page)).length).toBe(1);

  // Approved in a tab (the script's): the relay pushes a close for that notification's tag.
  const { items } = await script.rpc.request('inbox/list', null);
  const approval = items.find((item) => item.kind === 'approval' && item.threadId === chatId);
  // A turn's end may be pushed too; the close is the push without a title.
  const close = service.matching((push) => JSON.parse(push.text).close === true);
  script.rpc.notify('chat/toolCallApprove', { chatId, toolCallId: approval?.kind === 'approval' ? approval.id : '' });
  await deliver((await close).text);
  await expect.poll(() => notifications(page)).toEqual([]);
});

test("a close that arrives before its question's push keeps that push from showing", async ({ page, context, startRelay, connect }) => {
  const relay = await relayPushingToLoopback(startRelay);
  await context.grantPermissions(['notifications'], { origin: new URL(relay.url).origin });
  await new BatonPage(page, relay.url).open();
  await registerWorker(page, context);
  const script = await connect(relay);
  await script.rpc.request('push/subscribe', { subscription: service.subscription(), muted: [] });
  script.rpc.notify('tab/visibility', { visible: false });
  const pushed = service.next();
  const { chatId } = await script.rpc.request('chat/prompt', { message: 'write delta.md', baton: { agent: 'builtin' } });
  const question = (await pushed).text;

  // Approved in a tab before the question's push reached the browser: the relay pushes its close and the turn's end.
  const { items } = await script.rpc.request('inbox/list', null);
  const approval = items.find((item) => item.kind === 'approval' && item.threadId === chatId);
  script.rpc.notify('chat/toolCallApprove', { chatId, toolCallId: approval?.kind === 'approval' ? approval.id : '' });
  const later = () => service.received.slice(1).map((received) => received.text);
  await expect
    .poll(() => later().map((text) => (JSON.parse(text).close === true ? 'close' : JSON.parse(text).body)))
    .toEqual(expect.arrayContaining(['close', 'The turn finished.']));
  const close = later().find((text) => JSON.parse(text).close === true) ?? '';
  const ended = later().find((text) => JSON.parse(text).close !== true) ?? '';

  // Delivered close first, question second: only the turn's end, delivered last, is shown.
  await deliver(close);
  await deliver(question);
  await deliver(ended);
  await shownByWorker(ended);
  await expect.poll(() => notifications(page)).toEqual([{ title: 'write delta.md', body: 'The turn finished.', actions: [] }]);
});
