/**
 * The Audit view, as an operator and a viewer see it: the owner (an operator) opens it from the
 * command palette and finds the approver's approval and its own prompt, newest first, each with its
 * thread, which a click opens; a viewer's palette has no Audit, and the relay refuses the viewer the
 * list of every thread in words that say why, while the thread's own history stays readable.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { ROLE_ERROR_CODE } from '../lib/protocol/roles';
import { expect, test } from './fixtures/baton-test';
import { BatonPage } from './support/baton-page';
import { USER_TOKENS, viewerAndApprover } from './support/viewer-and-approver';
import { connectRelayClient, type RelayClient } from './support/relay-client';

test.use(viewerAndApprover('audit.md'));

const contexts: BrowserContext[] = [];
const clients: RelayClient[] = [];
test.afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const context of contexts.splice(0)) await context.close();
});

/** Ctrl+K with nothing typed: the palette lists every action that applies to this page. */
async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('command-palette-input')).toBeFocused();
  const actions = page.getByTestId('command-palette-option').and(page.locator('[data-group="Actions"]'));
  // Switch theme applies to every page: once it is listed, so is every action the page has.
  await expect(actions.filter({ hasText: 'Switch theme' })).toHaveCount(1);
  return actions;
}

test("an operator's Audit lists another user's approval and opens its thread; a viewer has none and is refused", async ({
  browser,
  baton,
  relay,
  page,
}) => {
  const userPage = async (token: string) => {
    const context = await browser.newContext();
    contexts.push(context);
    const user = new BatonPage(await context.newPage());
    await user.open(`${relay.origin}/#token=${token}`);
    return user;
  };

  await baton.open();
  await baton.send('write the audit note');
  await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'waiting-approval');
  const threadPath = baton.path();

  const april = await userPage(USER_TOKENS.april);
  await april.threadItems.filter({ hasText: 'write the audit note' }).click();
  await april.toolCard('write_file').getByTestId('approve-tool-call').click();
  await expect(baton.assistantMessages.last()).toContainText('Written.');

  // Away from the thread, so that the link is seen to open it.
  await baton.newThread();
  const actions = await openPalette(page);
  await actions.filter({ hasText: 'Audit: who did what' }).click();
  const audit = page.getByTestId('audit-view');
  const rows = audit.getByTestId('audit-row');
  await expect(rows.getByTestId('audit-who')).toHaveText(['april', 'owner (main token)']);
  await expect(rows.getByTestId('audit-what')).toHaveText(['approved a tool call', 'sent a prompt']);
  await expect(rows.getByTestId('audit-thread-link')).toHaveText(['write the audit note', 'write the audit note']);
  // Two actions fill no page: nothing older to load.
  await expect(audit.getByTestId('audit-load-older')).toHaveCount(0);

  await rows.first().getByTestId('audit-thread-link').click();
  await expect(audit).toHaveCount(0);
  await expect.poll(() => baton.path()).toBe(threadPath);
  await expect(baton.toolCard('write_file').getByTestId('tool-call-approval-note')).toHaveText('Approved once by april');

  const vera = await userPage(USER_TOKENS.vera);
  const veraActions = await openPalette(vera.page);
  await expect(veraActions.filter({ hasText: 'Audit' })).toHaveCount(0);
  await vera.page.keyboard.press('Escape');

  // The relay, asked directly with the viewer's token, says why not; the thread's own history is the viewer's to read.
  const client = await connectRelayClient({ origin: relay.origin, token: USER_TOKENS.vera });
  clients.push(client);
  await expect(client.rpc.request('audit/list', {})).rejects.toMatchObject({
    code: ROLE_ERROR_CODE,
    message:
      'audit/list is not allowed from "vera": the viewer role may only read threads and follow the inbox, not read the audit list of every thread.',
  });
  const threadId = decodeURIComponent(threadPath.replace(/^\/t\//, ''));
  const { actions: history } = await client.rpc.request('audit/list', { threadId });
  expect(history.map(({ actor, action }) => `${actor.name} ${action}`)).toEqual(['april approve', 'owner prompt']);
});
