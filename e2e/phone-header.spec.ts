/**
 * The chat pane's header on a phone and on a laptop (issues 12 and 24). Phone (390 × 844 and 360
 * wide): the header is one line; the thread's facts wait behind its usage figure and the review
 * tools in its "⋯" menu, so that an approval waiting in the chat is seen whole, title and buttons,
 * above the composer; both stay reachable by touch and keyboard. Laptop (1440 × 900): every fact
 * in the details reads in full, a deep workspace path too.
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/baton-test';
import { expectInsideViewport } from './support/layout-checks';

// A deep workspace path: the longest fact, which has to end in an ellipsis on a laptop. The offline demo.
test.use({
  workspaceOptions: {
    folder: path.join('a-workspace-folder-with-a-rather-long-name', 'and-another-level-below-it', 'project'),
    dataFolder: 'data',
    files: { 'README.md': '# Sample project\n' },
  },
  relayOptions: { offlineDemo: true },
});

/** The element's whole box lies between the top of the chat list and the top of the composer. */
async function expectSeenAboveComposer(page: Page, element: Locator): Promise<void> {
  await expectInsideViewport(page, element);
  const box = await element.boundingBox();
  const list = await page.getByTestId('chat-entries').boundingBox();
  const composer = await page.getByTestId('composer-input').boundingBox();
  if (!box || !list || !composer) throw new Error('the card, the chat list or the composer has no box');
  expect(box.y).toBeGreaterThanOrEqual(list.y - 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(composer.y + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(list.y + list.height + 0.5);
}

for (const width of [390, 360]) {
  test.describe(`a ${width} px wide phone`, () => {
    test.use({ viewport: { width, height: 844 }, hasTouch: true, isMobile: true });

    test('a waiting approval is seen whole above the composer; the facts and tools wait behind the header’s buttons', async ({
      page,
      baton,
    }) => {
      await baton.open();
      await baton.send('Show me what you can do');
      const card = baton.toolCard('write_file');
      await expect(card).toHaveAttribute('data-status', 'waiting-approval');
      await expect(baton.stopButton).toBeVisible();

      // The header is one line: the facts are in the details, the review tools in the thread menu.
      const details = baton.threadDetailsButton;
      const menuButton = page.getByTestId('chat-menu-button');
      await expect(details).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByTestId('thread-details')).toBeHidden();
      await expect(page.getByRole('button', { name: 'Next tool call' })).toBeHidden();
      await expect(page.getByRole('menuitem', { name: 'Delete thread…' })).toBeHidden();
      for (const button of [details, menuButton]) {
        const box = await button.boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(44);
        expect(box?.width).toBeGreaterThanOrEqual(44);
        await expectInsideViewport(page, button);
      }

      // The whole card, its title and its buttons, between the chat's top and the composer.
      await expectSeenAboveComposer(page, card);
      await expectSeenAboveComposer(page, card.getByTestId('tool-call-toggle'));
      for (const testId of ['approve-tool-call', 'approve-tool-call-session', 'reject-tool-call']) {
        await expectSeenAboveComposer(page, card.getByTestId(testId));
      }
      await expectInsideViewport(page, baton.composer);

      // A tap shows the facts; another hides them.
      await details.tap();
      await expect(details).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByTestId('thread-details-model')).toHaveText('offline-demo');
      await expect(page.getByTestId('thread-details-agent')).toBeVisible();
      await expectInsideViewport(page, page.getByTestId('thread-details-popover'));
      await details.tap();
      await expect(page.getByTestId('thread-details')).toBeHidden();

      // The menu holds the review steps and Delete, each a finger's target.
      await menuButton.tap();
      await expectInsideViewport(page, page.getByRole('menuitem', { name: 'Delete thread…' }));
      const previous = page.getByRole('menuitem', { name: 'Previous tool call' });
      expect((await previous.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      await previous.tap();
      await expect(page.getByRole('menu', { name: 'Thread actions' })).toBeHidden();
      await expect(page.locator('.chat-entries__item--target').getByTestId('tool-call-card')).toHaveCount(1);
      await menuButton.tap();
      await expect(page.getByRole('menuitemcheckbox', { name: 'Changes' })).toBeVisible();

      // And by keyboard: Enter on the menu's button opens it on its first item.
      await page.keyboard.press('Escape');
      await expect(menuButton).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: 'Previous tool call' })).toBeFocused();
    });
  });
}

test.describe('a 1440 × 900 laptop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('every fact reads in full in the details, the deep workspace path too', async ({ page, baton }) => {
    await baton.open();
    await baton.send('Show me what you can do');
    await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'waiting-approval');
    const popover = await baton.openThreadDetails();
    await expect(page.getByTestId('thread-details-model')).toHaveText('offline-demo');
    await expectInsideViewport(page, popover);

    const popoverBox = await popover.boundingBox();
    if (!popoverBox) throw new Error('the details have no box');
    const facts = await popover.locator('dd').evaluateAll((values) =>
      values.map((value) => {
        const box = value.getBoundingClientRect();
        return {
          name: value.previousElementSibling?.textContent ?? '',
          text: value.textContent ?? '',
          fits: value.scrollWidth <= value.clientWidth,
          right: box.right,
          height: box.height,
        };
      }),
    );
    expect(facts.map((fact) => fact.name)).toEqual(['Agent', 'Model', 'Workspace', 'Created', 'Modified', 'Total tokens', 'Total cost']);
    for (const fact of facts) {
      expect(fact.height, `${fact.name} is drawn`).toBeGreaterThan(0);
      expect(fact.right, `${fact.name} ends inside the details`).toBeLessThanOrEqual(popoverBox.x + popoverBox.width + 0.5);
      expect(fact.fits, `${fact.name} reads whole`).toBe(true);
    }
    // The deep workspace path reads whole, on as many lines as it needs.
    await expect(page.getByTestId('thread-details-workspace')).toContainText('and-another-level-below-it/project');
  });
});
