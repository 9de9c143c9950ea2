/**
 * A narrow side panel (VS Code's sidebar is about 290 px wide, with ?embed=1): the approval buttons
 * keep each label on one line, moving to the next line whole, and the card's row (badge, tool,
 * summary) wraps instead of squeezing the summary to a letter a line.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures/baton-test';
import { expectNoSidewaysScroll } from './support/layout-checks';

// The offline demo: its edit waits for approval.
test.use({ workspaceOptions: { files: { 'README.md': '# Sample project\n' } }, relayOptions: { offlineDemo: true } });

/** How many lines the element's text is laid out on, as a reader counts them. */
function textLines(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
    return tops.size;
  });
}

test('at 290 px the approval buttons wrap as whole buttons, each label on one line', async ({ page, baton, relay }) => {
  await page.setViewportSize({ width: 290, height: 700 });
  await baton.open(relay.url.replace(/\/?#/, '/?embed=1#'));
  await expect(page.getByTestId('app-shell')).toHaveAttribute('data-layout', 'embed');
  await baton.send('Try an edit');
  const card = baton.toolCard('write_file');
  await expect(card).toHaveAttribute('data-status', 'waiting-approval');

  // The row above them (badge, tool, what it does) wraps too: its summary is not squeezed to a letter a line.
  const summary = card.getByTestId('tool-call-summary');
  const [summaryBox, cardBox] = [await summary.boundingBox(), await card.boundingBox()];
  expect(summaryBox!.width).toBeGreaterThan(cardBox!.width / 2);

  const buttons = [
    card.getByTestId('approve-tool-call'),
    card.getByTestId('approve-tool-call-session'),
    card.getByTestId('reject-tool-call'),
  ];
  for (const button of buttons) {
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeVisible();
    expect(await textLines(button), await button.innerText()).toBe(1);
    // Inside the card, not cut off at its edge.
    const buttonBox = await button.boundingBox();
    expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  }
  await expectNoSidewaysScroll(page);
});
