/**
 * The chat header and the entry actions (issue 24, item 4), on a laptop (1440 × 900) and a phone
 * (390 × 844), with the offline demo's edit waiting for approval. The header is one line; its one
 * usage figure is the total its details popover shows; the popover opens and closes with Esc,
 * focus going back to its button; Delete is in the "⋯" menu, asks first and can be undone. Each
 * entry's actions sit beside its text, never over it, and revealing them moves nothing.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/baton-test';
import type { BatonPage } from './support/baton-page';
import { expectInsideViewport, expectNoSidewaysScroll } from './support/layout-checks';

// The offline demo: its edit waits for approval.
test.use({ workspaceOptions: { files: { 'README.md': '# Sample project\n' } }, relayOptions: { offlineDemo: true } });

/** An entry's size, and where what it draws sits inside it: what revealing its actions must not change. */
function entryLayout(item: Locator) {
  return item.evaluate((element) => {
    const origin = element.getBoundingClientRect();
    return {
      width: origin.width,
      height: origin.height,
      parts: [...element.children].map((child) => {
        const rect = child.getBoundingClientRect();
        return [rect.left - origin.left, rect.top - origin.top, rect.width, rect.height];
      }),
    };
  });
}

/** A thread with the demo's edit waiting for approval. */
async function demoWaitingForApproval(baton: BatonPage): Promise<void> {
  await baton.open();
  await baton.send('Show me what you can do');
  await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'waiting-approval');
  await expect(baton.page.getByTestId('thread-usage-tokens')).toBeVisible();
}

/**
 * The header's row holds one line: every part shown shares one band of height (each overlaps the
 * others vertically), and the row is no taller than its tallest part and its own padding.
 */
async function expectOneLine(page: Page): Promise<void> {
  const row = page.getByTestId('thread-header-row');
  const measured = await row.evaluate((element) => {
    const style = getComputedStyle(element);
    const parts = [...element.querySelectorAll<HTMLElement>(':scope > *, :scope > span > *')]
      .map((part) => part.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0);
    return {
      height: element.getBoundingClientRect().height,
      padding:
        parseFloat(style.paddingTop) +
        parseFloat(style.paddingBottom) +
        parseFloat(style.borderTopWidth) +
        parseFloat(style.borderBottomWidth),
      lowestTop: Math.max(...parts.map((box) => box.top)),
      highestBottom: Math.min(...parts.map((box) => box.bottom)),
      tallest: Math.max(...parts.map((box) => box.height)),
      count: parts.length,
    };
  });
  expect(measured.count).toBeGreaterThanOrEqual(3);
  expect(measured.lowestTop, 'every part of the header on one line').toBeLessThan(measured.highestBottom);
  expect(measured.height).toBeLessThanOrEqual(measured.tallest + measured.padding + 1);
  await expectNoSidewaysScroll(page);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const SIZES = [
  { name: 'a 1440 × 900 laptop', width: 1440, height: 900, phone: false },
  { name: 'a 390 × 844 phone', width: 390, height: 844, phone: true },
] as const;

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.phone, isMobile: size.phone });

    test('the header is one line; its figure is the details’ total; the details open and close with Esc; axe finds nothing', async ({
      page,
      baton,
      workspace,
    }) => {
      await demoWaitingForApproval(baton);
      await expectOneLine(page);
      const header = page.getByTestId('thread-header');
      await expect(header.getByRole('heading', { name: 'Show me what you can do' })).toBeVisible();
      // What the figure counts is said where it shows.
      await expect(baton.threadDetailsButton).toHaveAttribute('title', /^Total tokens of this thread/);
      await expect(page.getByTestId('thread-usage-tokens')).toHaveText(/^\d[\d,]* tokens$/);
      if (size.phone) {
        // The review group gives way; its steps are in the thread menu.
        await expect(page.getByTestId('review-toolbar')).toBeHidden();
        await expect(page.getByTestId('thread-header-agent')).toBeHidden();
      } else {
        await expect(page.getByTestId('thread-header-agent')).toHaveText('Built-in agent · offline-demo');
        await expect(page.getByRole('button', { name: 'Next tool call' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Changes', exact: true })).toBeVisible();
      }

      const popover = await baton.openThreadDetails();
      await expectInsideViewport(page, popover);
      await expect(popover).toBeFocused();
      await expect(baton.threadDetailsButton).toHaveAttribute('aria-expanded', 'true');
      await expect(popover.getByTestId('thread-details-tokens')).toHaveText((await page.getByTestId('thread-usage-tokens').textContent())!);
      await expect(popover.getByTestId('thread-details-cost')).toHaveText('not priced');
      await expect(page.getByTestId('thread-usage-cost')).toHaveCount(0);
      await expect(popover.getByTestId('thread-details-model')).toHaveText('offline-demo');
      await expect(popover.getByTestId('thread-details-agent')).toHaveText('Built-in agent');
      await expect(popover.getByTestId('thread-details-workspace')).toHaveText(workspace.path);
      // Every fact reads whole: nothing cut at the popover's edge.
      const clipped = await popover
        .locator('dd')
        .evaluateAll((values) => values.filter((value) => value.scrollWidth > value.clientWidth + 1).map((value) => value.textContent));
      expect(clipped).toEqual([]);
      expect(await seriousViolations(page), 'details open, light').toEqual([]);

      await page.keyboard.press('Escape');
      await expect(popover).toBeHidden();
      await expect(baton.threadDetailsButton).toBeFocused();
      await expect(baton.threadDetailsButton).toHaveAttribute('aria-expanded', 'false');
      // Esc closed the details, and did not also stop the turn (or reject the waiting edit).
      await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'waiting-approval');
      await expect(baton.stopButton).toBeVisible();

      // The keyboard opens it too (Enter on its button), and a press outside closes it.
      await page.keyboard.press('Enter');
      await expect(popover).toBeVisible();
      await page.getByTestId('thread-header').getByRole('heading', { level: 2 }).click();
      await expect(popover).toBeHidden();

      // The thread menu: export and import, Delete, and on a phone the review steps.
      const menu = await baton.openChatMenu();
      await expect(menu.getByRole('menuitem').first()).toBeFocused();
      await expect(menu.getByRole('menuitem', { name: 'Delete thread…' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Export as JSON' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Next tool call' })).toBeVisible({ visible: size.phone });
      await expectInsideViewport(page, menu);
      expect(await seriousViolations(page), 'menu open, light').toEqual([]);
      await page.keyboard.press('End');
      await expect(menu.getByRole('menuitem', { name: 'Delete thread…' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(page.getByTestId('chat-menu-button')).toBeFocused();

      await page.emulateMedia({ colorScheme: 'dark' });
      await baton.openThreadDetails();
      expect(await seriousViolations(page), 'details open, dark').toEqual([]);
      await baton.closeThreadDetails();
      expect(await seriousViolations(page), 'approval waiting, dark').toEqual([]);

      // The turn ends: the figure takes the turn's tokens, and still says what the details say.
      const figure = page.getByTestId('thread-usage-tokens');
      await baton.toolCard('write_file').getByTestId('reject-tool-call').click();
      await baton.expectTurnFinished();
      await expect(figure).not.toHaveText('0 tokens');
      await baton.openThreadDetails();
      await expect(page.getByTestId('thread-details-tokens')).toHaveText((await figure.textContent())!);
      await expect(page.getByTestId('thread-details-last-turn')).toContainText('received');
      await baton.closeThreadDetails();
      await expectOneLine(page);
    });

    test('Delete is in the thread menu: it asks first, deletes, and Undo brings the thread back', async ({ page, baton }) => {
      await demoWaitingForApproval(baton);
      await baton.toolCard('write_file').getByTestId('reject-tool-call').click();
      await baton.expectTurnFinished();

      // Esc keeps the thread.
      await (await baton.openChatMenu()).getByRole('menuitem', { name: 'Delete thread…' }).click();
      const dialog = page.getByTestId('delete-thread-dialog');
      await expect(dialog).toContainText('Delete “Show me what you can do”?');
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('chat-menu-button')).toBeFocused();
      await expect(page.getByTestId('thread-header').getByRole('heading', { level: 2 })).toHaveText('Show me what you can do');

      // Delete deletes; Undo brings it back.
      await (await baton.openChatMenu()).getByRole('menuitem', { name: 'Delete thread…' }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByTestId('deleted-thread-toast')).toContainText('Deleted “Show me what you can do”.');
      await expect(page.getByTestId('thread-header').getByRole('heading', { level: 2 })).toHaveText('Chat');
      await expect.poll(() => baton.path()).toBe('/');
      await page.getByTestId('undo-delete').click();
      await expect(page.getByTestId('thread-header').getByRole('heading', { level: 2 })).toHaveText('Show me what you can do');
      await expect(baton.userMessages).toHaveText(['Show me what you can do']);
    });

    test('each entry’s actions sit beside its text and the approval card, and revealing them moves nothing', async ({ page, baton }) => {
      await demoWaitingForApproval(baton);
      const items = page
        .getByTestId('chat-entries')
        .locator('.chat-entries__item')
        .filter({ has: page.getByTestId('entry-actions') });
      const approval = page.locator('.chat-entries__item').filter({ has: baton.toolCard('write_file') });
      await expect(approval.getByTestId('entry-actions-button')).toHaveCount(1);
      const count = await items.count();
      expect(count).toBeGreaterThanOrEqual(3);
      for (let index = 0; index < count; index++) {
        const item = items.nth(index);
        if (!(await item.isVisible())) continue;
        const trigger = item.getByTestId('entry-actions-button');
        const before = await entryLayout(item);
        if (size.phone) await trigger.focus();
        else await item.hover();
        await expect(trigger).toHaveCSS('opacity', '1');
        expect(await entryLayout(item), 'revealing the actions moves nothing').toEqual(before);
        // Measured in one go, so that a scroll between two measures cannot fool the check.
        const covered = await item.evaluate((element) => {
          const box = element.querySelector('[data-testid="entry-actions-button"]')!.getBoundingClientRect();
          // Everything the entries draw, besides their actions (messages, cards, notes), and the card's words and buttons.
          const parts = document.querySelectorAll(
            '.chat-entries__item > :not([data-testid="entry-actions"]), [data-testid="tool-call-card"] :is(button, p, span, code)',
          );
          return [...parts]
            .filter((part) => {
              const rect = part.getBoundingClientRect();
              return (
                rect.width > 0 &&
                rect.height > 0 &&
                rect.left < box.right &&
                box.left < rect.right &&
                rect.top < box.bottom &&
                box.top < rect.bottom
              );
            })
            .map((part) => part.getAttribute('data-testid') ?? part.textContent?.slice(0, 40));
        });
        expect(covered, `entry ${await item.getAttribute('data-entry-index')}'s actions cover nothing`).toEqual([]);
      }

      // By keyboard: Enter opens the menu on its first item, the arrows move, Esc comes back.
      const prompt = page.locator('.chat-entries__item').filter({ has: baton.userMessages });
      const trigger = prompt.getByTestId('entry-actions-button');
      await trigger.focus();
      await page.keyboard.press('Enter');
      const menu = prompt.getByRole('menu', { name: 'Actions for this message' });
      await expect(menu.getByRole('menuitem', { name: 'Copy message' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: 'Copy link' })).toBeFocused();
      // Rewind and Fork wait for the turn.
      await expect(menu.getByRole('menuitem', { name: 'Rewind to here' })).toBeDisabled();
      await expectInsideViewport(page, menu);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(trigger).toBeFocused();
      await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'waiting-approval');
    });
  });
}

for (const width of [360, 800]) {
  test(`the embed layout at ${width} px: the header is one line`, async ({ page, baton, relay }) => {
    await page.setViewportSize({ width, height: 700 });
    await baton.open(relay.url.replace(/\/?#/, '/?embed=1#'));
    await expect(page.getByTestId('app-shell')).toHaveAttribute('data-layout', 'embed');
    await baton.send('Show me what you can do');
    await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'waiting-approval');
    await expect(page.getByTestId('thread-usage-tokens')).toBeVisible();
    await expectOneLine(page);
    await expectInsideViewport(page, page.getByTestId('chat-menu-button'));
  });
}

test('the last entry’s menu, at the bottom of the list, opens upwards instead of being cut off', async ({ page, baton }) => {
  await demoWaitingForApproval(baton);
  await baton.toolCard('write_file').getByTestId('approve-tool-call').click();
  await baton.expectTurnFinished();
  const list = page.getByTestId('chat-entries');
  const last = list
    .locator('.chat-entries__item')
    .filter({ has: page.getByTestId('entry-actions-button') })
    .last();
  await last.hover();
  await last.getByTestId('entry-actions-button').click();
  const menu = last.getByRole('menu');
  await expect(menu).toBeVisible();
  const [menuBox, listBox] = [await menu.boundingBox(), await list.boundingBox()];
  expect(menuBox!.y).toBeGreaterThanOrEqual(listBox!.y);
  expect(menuBox!.y + menuBox!.height).toBeLessThanOrEqual(listBox!.y + listBox!.height);
});
