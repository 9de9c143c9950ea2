/**
 * The inbox (issue 28): what waits in every thread, answered from one place. Two threads wait on
 * approvals: the header's badge says 2; approving one from the inbox approves it in its thread,
 * whose answer then appears; its turn, ended while no tab had it open, is listed until opened; a
 * card answered in its thread leaves the inbox too. Browser notifications: shown for what happens
 * in a thread no visible tab looks at (the question's file in it; a click opens the thread), none
 * for the thread being looked at. On a phone the inbox opens from the header.
 */
import type { Page } from '@playwright/test';
import type { MessagesRequest } from '../server/demo-model/messages-request';
import type { ScriptedReply } from '../server/demo-model/scripted-reply';
import { expect, test } from './fixtures/baton-test';
import { BatonPage } from './support/baton-page';

/** Writes the file the prompt names ("write <name>"), twice when asked, then says it is done. */
function reply(request: MessagesRequest): ScriptedReply {
  const first = request.messages[0];
  const prompt = typeof first?.content === 'string' ? first.content : JSON.stringify(first?.content ?? '');
  const file = /write (\S+\.md)/.exec(prompt)?.[1] ?? 'note.md';
  const results = request.messages.filter((message) => JSON.stringify(message.content).includes('tool_result')).length;
  const writes = prompt.includes('twice') ? 2 : 1;
  if (results >= writes) return { blocks: [{ type: 'text', text: `Written ${file}.` }] };
  return { blocks: [{ type: 'tool_use', name: 'write_file', input: { path: file, content: `take ${results + 1}` } }] };
}

test.use({ modelOptions: { script: reply } });

async function startWaiting(baton: BatonPage, prompt: string): Promise<void> {
  await baton.send(prompt);
  await expect(baton.toolCard('write_file').last()).toHaveAttribute('data-status', 'waiting-approval');
}

const inboxEntry = (page: Page, title: string) => page.getByTestId('inbox-item').filter({ hasText: title });

test('two threads wait; approving one from the inbox approves it in its thread, whose end is listed until opened', async ({
  page,
  baton,
}) => {
  await baton.open();
  await startWaiting(baton, 'write alpha.md');
  await baton.newThread();
  await startWaiting(baton, 'write beta.md');
  await expect(page.getByTestId('inbox-badge')).toHaveText('2');

  await page.getByTestId('inbox-button').click();
  const alpha = inboxEntry(page, 'write alpha.md');
  await expect(alpha).toHaveAttribute('data-kind', 'approval');
  await expect(alpha.getByTestId('inbox-detail')).toHaveText('alpha.md');
  await alpha.getByTestId('inbox-approve').click();

  // Its turn goes on and ends while this tab shows the other thread: listed until it is opened.
  await expect(alpha).toHaveAttribute('data-kind', 'turnEnded');
  await expect(alpha).toContainText('The turn finished.');
  await alpha.getByTestId('inbox-open-thread').click();
  await expect(baton.assistantMessages.last()).toContainText('Written alpha.md.');
  await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'succeeded');
  await expect(page.getByTestId('inbox-badge')).toHaveText('1');

  // Answered on its own card, the other thread's question leaves the inbox as well.
  await page.getByTestId('thread-item').filter({ hasText: 'write beta.md' }).click();
  await baton.toolCard('write_file').getByTestId('approve-tool-call').click();
  await expect(baton.assistantMessages.last()).toContainText('Written beta.md.');
  await expect(page.getByTestId('inbox-badge')).toHaveCount(0);
  await page.getByTestId('inbox-button').click();
  await expect(page.getByTestId('inbox-empty')).toBeVisible();
});

test.describe('notifications', () => {
  test('shown for a thread no one looks at, with the question in it, and none for the thread looked at', async ({
    page,
    context,
    relay,
    baton,
  }) => {
    await context.grantPermissions(['notifications'], { origin: relay.origin });
    const shown = await recordNotifications(page);

    await baton.open();
    await turnNotificationsOn(page);

    // Looked at: its question is on screen, and no notification is made for it.
    await startWaiting(baton, 'write gamma.md twice');
    await baton.newThread();
    await startWaiting(baton, 'write delta.md');
    await page.getByTestId('inbox-button').click();
    await inboxEntry(page, 'write gamma.md twice').getByTestId('inbox-approve').click();

    // Gamma's second question comes while this tab shows delta: a notification, with its file.
    await expect.poll(shown).toEqual([{ title: 'write gamma.md twice: Writing gamma.md', body: 'gamma.md', closed: false }]);

    // A click on it opens gamma, where that question waits.
    await page.evaluate(() =>
      (
        window as unknown as { shownNotifications: Array<{ notification: Notification }> }
      ).shownNotifications[0]?.notification.dispatchEvent(new Event('click')),
    );
    await expect(baton.userMessages.first()).toHaveText('write gamma.md twice');
    await expect(baton.toolCard('write_file').last()).toHaveAttribute('data-status', 'waiting-approval');
    expect(await shown()).toHaveLength(1);
  });

  test('closed once its question is answered in another tab', async ({ page, context, relay, baton }) => {
    await context.grantPermissions(['notifications'], { origin: relay.origin });
    const shown = await recordNotifications(page);
    await baton.open();
    await turnNotificationsOn(page);
    await startWaiting(baton, 'write gamma.md twice');
    await baton.newThread();
    await startWaiting(baton, 'write delta.md');
    await page.getByTestId('inbox-button').click();
    await inboxEntry(page, 'write gamma.md twice').getByTestId('inbox-approve').click();
    await expect.poll(shown).toEqual([{ title: 'write gamma.md twice: Writing gamma.md', body: 'gamma.md', closed: false }]);

    // Another tab opens gamma and approves its second question there: the first tab's notification goes.
    const other = new BatonPage(await context.newPage(), relay.url);
    await other.open();
    await other.threadItems.filter({ hasText: 'write gamma.md twice' }).click();
    await other.toolCard('write_file').last().getByTestId('approve-tool-call').click();
    await expect(other.assistantMessages.last()).toContainText('Written gamma.md.');
    await expect.poll(shown).toEqual([{ title: 'write gamma.md twice: Writing gamma.md', body: 'gamma.md', closed: true }]);
  });
});

/** Records each notification the page makes (still made), and whether the page closed it. */
async function recordNotifications(page: Page): Promise<() => Promise<Array<{ title: string; body?: string; closed: boolean }>>> {
  await page.addInitScript(() => {
    const Original = window.Notification;
    const shown: Array<{ title: string; body?: string; closed: boolean; notification: Notification }> = [];
    class Recorded extends Original {
      private readonly entry: { closed: boolean };
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        this.entry = { closed: false };
        shown.push(Object.assign(this.entry, { title, body: options?.body, notification: this }));
      }
      override close(): void {
        this.entry.closed = true;
        super.close();
      }
    }
    Object.defineProperty(Recorded, 'permission', { get: () => Original.permission });
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true, writable: true });
    Object.defineProperty(window, 'shownNotifications', { value: shown });
  });
  return () =>
    page.evaluate(() =>
      (window as unknown as { shownNotifications: Array<{ title: string; body?: string; closed: boolean }> }).shownNotifications.map(
        ({ title, body, closed }) => ({ title, body, closed }),
      ),
    );
}

async function turnNotificationsOn(page: Page): Promise<void> {
  await page.getByTestId('inbox-button').click();
  await page.getByTestId('inbox-notifications-toggle').click();
  await expect(page.getByTestId('inbox-notifications-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('inbox-panel')).toHaveCount(0);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the inbox opens from the header and answers there', async ({ page, baton }) => {
    await baton.open();
    await startWaiting(baton, 'write alpha.md');
    await page.getByTestId('pane-tab-threads').tap();
    await baton.newThread();
    await expect(page.getByTestId('inbox-badge')).toHaveText('1');
    await page.getByTestId('inbox-button').tap();
    const alpha = inboxEntry(page, 'write alpha.md');
    await expect(alpha).toBeInViewport();
    await alpha.getByTestId('inbox-approve').tap();
    await expect(page.getByTestId('inbox-badge')).toHaveCount(0);
    await page.getByTestId('pane-tab-threads').tap();
    await page.getByTestId('thread-item').filter({ hasText: 'write alpha.md' }).tap();
    await expect(baton.assistantMessages.last()).toContainText('Written alpha.md.');
  });
});
