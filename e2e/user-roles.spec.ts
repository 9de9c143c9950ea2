/**
 * Users and roles as they see them: a relay whose config.json names a viewer and an approver, each
 * opening the page in a browser of their own with their own token. The viewer watches the owner's
 * thread but has no prompt box and no answers on the waiting call, only who may give them; the
 * approver's Approve goes through, and the thread's details say it was the approver.
 */
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures/baton-test';
import { BatonPage } from './support/baton-page';
import { USER_TOKENS, viewerAndApprover } from './support/viewer-and-approver';

test.use(viewerAndApprover('notes.md'));

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

test('a viewer watches but may not approve, an approver approves, and the history names the approver', async ({
  browser,
  baton,
  relay,
}) => {
  const userPage = async (token: string) => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = new BatonPage(await context.newPage());
    await page.open(`${relay.origin}/#token=${token}`);
    return page;
  };

  await baton.open();
  await baton.send('write the notes');
  const card = baton.toolCard('write_file');
  await expect(card).toHaveAttribute('data-status', 'waiting-approval');

  const vera = await userPage(USER_TOKENS.vera);
  await vera.threadItems.filter({ hasText: 'write the notes' }).click();
  await expect(vera.page.getByTestId('answer-only-note')).toHaveText(
    'You are vera (viewer): you can watch threads and the inbox. Prompts, files and settings are for an operator.',
  );
  for (const hidden of ['composer-input', 'side-tab-files', 'new-thread', 'devices-button'])
    await expect(vera.page.getByTestId(hidden)).toHaveCount(0);
  // The page asked the relay for nothing its role may not read.
  await expect(vera.page.getByTestId('turn-error')).toHaveCount(0);
  // The call waiting shows no answers to a viewer, only who may give them.
  await expect(vera.toolCard('write_file').getByTestId('approval-watch-only')).toHaveText(
    'Waiting for an approver or an operator to answer.',
  );
  await expect(vera.toolCard('write_file').getByTestId('approve-tool-call')).toHaveCount(0);

  const april = await userPage(USER_TOKENS.april);
  await april.threadItems.filter({ hasText: 'write the notes' }).click();
  await expect(april.page.getByTestId('answer-only-note')).toContainText(
    'You are april (approver): you can watch threads and answer what waits',
  );
  for (const hidden of ['composer-input', 'devices-button']) await expect(april.page.getByTestId(hidden)).toHaveCount(0);
  // Still waiting, for the approver.
  await expect(april.toolCard('write_file')).toHaveAttribute('data-status', 'waiting-approval');
  await april.toolCard('write_file').getByTestId('approve-tool-call').click();
  await expect(card.getByTestId('tool-call-approval-note')).toHaveText('Approved once by april');
  await expect(baton.assistantMessages.last()).toContainText('Written.');

  // Who did what, newest first, on the owner's page and on the viewer's.
  for (const reader of [baton, vera]) {
    const details = await reader.openThreadDetails();
    await expect(details.getByTestId('thread-history-item')).toHaveText([
      /^april approved a tool call /,
      /^owner \(main token\) sent a prompt /,
    ]);
  }
});
