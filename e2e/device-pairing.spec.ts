/**
 * Pairing a phone from the page, with a second browser context as the phone: the laptop's tab
 * makes a pairing code, the phone opens its address and gets a credential of its own (never the
 * main token), watches the laptop's thread and approves its tool call (the review says from
 * which device), and is cut off with a message that says why when the laptop revokes it.
 */
import { ANSWER_AND_WATCH_NOTE, DEVICE_REVOKED_MESSAGE } from '../lib/protocol/devices';
import type { MessagesRequest } from '../server/demo-model/messages-request';
import type { ScriptedReply } from '../server/demo-model/scripted-reply';
import { expect, test } from './fixtures/baton-test';
import { BatonPage } from './support/baton-page';

function reply(request: MessagesRequest): ScriptedReply {
  const last = request.messages.at(-1);
  const content = typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
  if (content.includes('tool_result')) return { blocks: [{ type: 'text', text: 'Written.' }] };
  return { blocks: [{ type: 'tool_use', name: 'write_file', input: { path: 'notes.md', content: 'from the phone' } }] };
}

test.use({ modelOptions: { script: reply } });

test('a phone pairs, approves a call from its own credential, and is cut off when revoked', async ({ page, browser, baton, relay }) => {
  await baton.open();
  await page.getByTestId('devices-button').click();
  const dialog = page.getByTestId('devices-dialog');
  await dialog.getByTestId('device-name').fill('Phone');
  await dialog.getByTestId('start-pairing').click();
  await expect(dialog.getByTestId('pairing-qr')).toBeVisible();
  const code = (await dialog.getByTestId('pairing-code').textContent()) ?? '';
  const address = (await dialog.getByTestId('pairing-address').textContent()) ?? '';
  expect(address).toBe(`${relay.origin}/#code=${code}`);
  await dialog.getByTestId('close-devices').click();

  const phoneContext = await browser.newContext();
  const phone = new BatonPage(await phoneContext.newPage());
  await phone.open(address);
  const kept = await phone.page.evaluate(() => localStorage.getItem('baton.token'));
  expect(kept).toBeTruthy();
  expect(kept).not.toBe(relay.token);

  await baton.send('write the notes');
  const card = baton.toolCard('write_file');
  await expect(card).toHaveAttribute('data-status', 'waiting-approval');
  await phone.threadItems.filter({ hasText: 'write the notes' }).click();
  // Paired "answer and watch" (the dialog's default): no prompt box, files, new threads or rewinds.
  await expect(phone.page.getByTestId('answer-only-note')).toHaveText(ANSWER_AND_WATCH_NOTE);
  for (const hidden of ['composer-input', 'side-tab-files', 'new-thread', 'thread-menu-button', 'devices-button'])
    await expect(phone.page.getByTestId(hidden)).toHaveCount(0);
  await expect(page.getByTestId('answer-only-note')).toHaveCount(0);
  await phone.toolCard('write_file').getByTestId('approve-tool-call').click();
  await expect(card.getByTestId('tool-call-approval-note')).toHaveText('Approved once by you, from Phone');
  await expect(baton.assistantMessages.last()).toContainText('Written.');

  await page.getByTestId('devices-button').click();
  await expect(dialog.getByTestId('device-list')).toContainText('Phone');
  await dialog.getByRole('button', { name: 'Revoke Phone' }).click();
  await expect(dialog.getByTestId('device-list')).not.toContainText('Phone');
  await expect(phone.page.getByTestId('connection-notice')).toHaveText(DEVICE_REVOKED_MESSAGE);
  await expect(phone.page.getByTestId('connection-status')).not.toHaveAttribute('data-state', 'connected');
  await phoneContext.close();
});

test('a phone that opens the bare address types the short code and is paired; a malformed code is explained', async ({
  page,
  browser,
  baton,
  relay,
}) => {
  await baton.open();
  await page.getByTestId('devices-button').click();
  const dialog = page.getByTestId('devices-dialog');
  await dialog.getByTestId('device-name').fill('Tablet');
  await dialog.getByTestId('start-pairing').click();
  const code = (await dialog.getByTestId('pairing-code').textContent()) ?? '';

  const phoneContext = await browser.newContext();
  const phone = new BatonPage(await phoneContext.newPage());
  await phone.page.goto(`${relay.origin}/`);
  const form = phone.page.getByTestId('pairing-code-form');
  await form.getByTestId('pairing-code-input').fill('ABC');
  await form.getByRole('button', { name: 'Pair this device' }).click();
  await expect(form.getByRole('alert')).toHaveText('A pairing code is 8 letters and digits, like ABCD-EFGH.');
  await form.getByTestId('pairing-code-input').fill(code.toLowerCase().replace('-', ' '));
  await form.getByRole('button', { name: 'Pair this device' }).click();
  await phone.expectConnected();
  await dialog.getByTestId('close-devices').click();
  await page.getByTestId('devices-button').click();
  await expect(dialog.getByTestId('device-list')).toContainText('Tablet');
  await phoneContext.close();
});
