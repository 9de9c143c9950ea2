/**
 * The chat pane's header on a phone and on a laptop (issue 12). Phone (390 × 844 and 360 wide): the
 * title row is one line with a Details button, the thread's facts and review tools fold behind it,
 * so that an approval waiting in the chat is seen whole, title and buttons, above the composer;
 * the folded tools stay reachable by touch and keyboard. Laptop (1440 × 900): every fact reads in
 * full, or ends in an ellipsis with its whole value in the tooltip; none is cut at the pane's edge.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { BatonPage } from './support/baton-page';
import { expectInsideViewport } from './support/layout-checks';
import { makeTempFolder, type RelayProcess, startRelayProcess } from './support/relay-process';

let relay: RelayProcess;
let folder: Awaited<ReturnType<typeof makeTempFolder>>;

test.beforeEach(async () => {
  folder = await makeTempFolder('phone-header');
  // A deep workspace path: the longest fact, which has to end in an ellipsis on a laptop.
  const workspace = path.join(folder.path, 'a-workspace-folder-with-a-rather-long-name', 'and-another-level-below-it', 'project');
  await mkdir(workspace, { recursive: true });
  await writeFile(path.join(workspace, 'README.md'), '# Sample project\n');
  relay = await startRelayProcess({ workspaceRoot: workspace, dataDir: path.join(folder.path, 'data') });
});

test.afterEach(async () => {
  await relay.stop();
  await folder.remove();
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

    test('a waiting approval is seen whole above the composer; the facts and tools fold behind Details', async ({ page }) => {
      const baton = new BatonPage(page);
      await baton.open(relay.url);
      await baton.send('Show me what you can do');
      const card = baton.toolCard('write_file');
      await expect(card).toHaveAttribute('data-status', 'waiting-approval');
      await expect(baton.stopButton).toBeVisible();

      // The title row is one line: the facts and the toolbar are folded away.
      const toggle = page.getByTestId('thread-header-toggle');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByTestId('thread-details')).toBeHidden();
      await expect(page.getByRole('button', { name: 'Next tool call' })).toBeHidden();
      await expect(page.getByTestId('clear-chat')).toBeHidden();
      const toggleBox = await toggle.boundingBox();
      expect(toggleBox?.height).toBeGreaterThanOrEqual(44);
      expect(toggleBox?.width).toBeGreaterThanOrEqual(44);

      // The whole card, its title and its buttons, between the chat's top and the composer.
      await expectSeenAboveComposer(page, card);
      await expectSeenAboveComposer(page, card.getByTestId('tool-call-toggle'));
      for (const testId of ['approve-tool-call', 'approve-tool-call-session', 'reject-tool-call']) {
        await expectSeenAboveComposer(page, card.getByTestId(testId));
      }
      await expectInsideViewport(page, baton.composer);

      // A tap shows the facts and the tools; each reads and can be used.
      await toggle.tap();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByTestId('thread-details-model')).toHaveText('offline-demo');
      await expect(page.getByTestId('thread-details-agent')).toBeVisible();
      await expectInsideViewport(page, page.getByTestId('clear-chat'));
      await page.getByRole('button', { name: 'Previous tool call' }).tap();
      await expect(page.getByRole('button', { name: 'Changes', exact: true })).toBeVisible();
      await toggle.tap();
      await expect(page.getByTestId('thread-details')).toBeHidden();

      // And by keyboard: Enter on the focused button unfolds them, Tab goes on to the tools.
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      // (Delete thread, disabled while the turn runs, is no stop.)
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Previous tool call' })).toBeFocused();
    });
  });
}

test.describe('a 1440 × 900 laptop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('every fact reads in full, or ends in an ellipsis with the whole value in its tooltip', async ({ page }) => {
    const baton = new BatonPage(page);
    await baton.open(relay.url);
    await baton.send('Show me what you can do');
    await expect(baton.toolCard('write_file')).toHaveAttribute('data-status', 'waiting-approval');
    const details = page.getByTestId('thread-details');
    await expect(page.getByTestId('thread-details-model')).toHaveText('offline-demo');
    // No Details button on a laptop: everything shows.
    await expect(page.getByTestId('thread-header-toggle')).toBeHidden();

    const detailsBox = await details.boundingBox();
    if (!detailsBox) throw new Error('the facts have no box');
    const facts = await details.locator('dd').evaluateAll((values) =>
      values.map((value) => {
        const style = getComputedStyle(value);
        const box = value.parentElement?.getBoundingClientRect();
        return {
          name: value.previousElementSibling?.textContent ?? '',
          text: value.textContent ?? '',
          title: value.getAttribute('title'),
          fits: value.scrollWidth <= value.clientWidth,
          ellipsis: style.textOverflow === 'ellipsis',
          right: box ? box.right : Number.POSITIVE_INFINITY,
          height: value.getBoundingClientRect().height,
        };
      }),
    );
    expect(facts.map((fact) => fact.name)).toEqual(['Agent', 'Model', 'Workspace', 'Created', 'Modified', 'Tokens', 'Cost']);
    for (const fact of facts) {
      expect(fact.height, `${fact.name} is drawn`).toBeGreaterThan(0);
      // Inside the bar: nothing runs past the pane's edge.
      expect(fact.right, `${fact.name} ends inside the bar`).toBeLessThanOrEqual(detailsBox.x + detailsBox.width + 0.5);
      if (!fact.fits) {
        expect(fact.ellipsis, `${fact.name} is cut with an ellipsis`).toBe(true);
        expect(fact.title, `${fact.name}'s tooltip holds the whole value`).toBe(fact.text);
      }
    }
    // The deep workspace path is the one that does not fit: its tooltip has it whole.
    const workspaceFact = facts.find((fact) => fact.name === 'Workspace');
    expect(workspaceFact?.text).toContain('and-another-level-below-it');
    expect(workspaceFact?.fits).toBe(false);
    const overflow = await details.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
