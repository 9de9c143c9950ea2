/**
 * A rejected edit in the exports, with the offline demo model: the downloaded Markdown and Org say
 * who rejected it in words ("Rejected by you"), without the rejection's code ("user-choice") beside them.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures/baton-test';
import type { BatonPage } from './support/baton-page';

test.use({ relayOptions: { offlineDemo: true } });

async function download(baton: BatonPage, format: 'Markdown' | 'Org'): Promise<string> {
  return readFile(await (await baton.exportThread(format)).path(), 'utf8');
}

test('an export says "Rejected by you" for a rejected edit, and no rejection code', async ({ page, baton }) => {
  await baton.open();
  await baton.newThread();
  await baton.send('Write a note');
  const card = baton.toolCard('write_file').last();
  await expect(card).toHaveAttribute('data-status', 'waiting-approval');
  await card.getByTestId('reject-tool-call').click();
  await baton.expectTurnFinished();
  await expect(card.getByTestId('tool-call-approval-note')).toHaveText('Rejected by you');

  for (const format of ['Markdown', 'Org'] as const) {
    const text = await download(baton, format);
    expect(text).toContain('- Rejected by you');
    expect(text).not.toContain('user-choice');
  }
});
