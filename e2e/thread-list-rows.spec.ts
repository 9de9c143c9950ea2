/**
 * The thread list's rows as a user meets them: one Tab stop per row, each row's ⋯ menu (Rename,
 * Archive, Delete) worked by keyboard alone, relative dates that move on as time passes with the
 * exact date on hover, same-titled threads told apart, and the skip link to the prompt.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/baton-test';
import { seedThreads } from './support/seeded-threads';

const MINUTE = 60_000;
/** When the newest seeded thread last changed; the page's clock is set a few minutes after it. */
const NEWEST = new Date('2026-03-12T14:00:00Z');
const LINKER = 'The linker needs libssl installed.';
const CI = 'Tests pass on CI now.';

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

test.use({
  relayOptions: { offlineDemo: true },
  workspaceOptions: {
    prepare: (workspace) => {
      const before = (minutes: number) => new Date(NEWEST.getTime() - minutes * MINUTE);
      return seedThreads(workspace.dataDir, [
        { title: 'Fresh notes', modifiedAt: NEWEST, messages: ['Jot down the plan', 'Noted the plan.'] },
        { title: 'Fix the build', modifiedAt: before(60), messages: ['Why does the link step fail?', LINKER] },
        { title: 'Fix the build', modifiedAt: before(120), messages: ['Run the tests again', CI], agent: 'helper-agent' },
        { title: 'Yesterday’s plan', modifiedAt: new Date('2026-03-11T09:00:00Z'), messages: ['Plan the week'] },
        { title: 'Old receipts', modifiedAt: new Date('2025-12-01T09:00:00Z'), messages: ['Sort the receipts'] },
        ...Array.from({ length: 5 }, (_, index) => ({
          title: `Errand ${index + 1}`,
          modifiedAt: new Date(Date.UTC(2025, 10, 20 - index, 9)),
          messages: [`Errand number ${index + 1}`],
        })),
      ]);
    },
  },
});

test('Tab moves from row to row; ArrowRight reaches the ⋯ menu, whose Rename, Archive and Delete work by keyboard', async ({
  page,
  baton,
}) => {
  await baton.open();
  const rows = baton.threadItems;
  await expect(rows).toHaveCount(10);

  await rows.nth(0).focus();
  await page.keyboard.press('Tab');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(rows.nth(2)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(rows.nth(1)).toBeFocused();
  // The ⋯ button is inside the row's one stop: from it, Tab goes on to the next row and back to this row.
  await page.keyboard.press('ArrowRight');
  await expect(baton.page.getByTestId('thread-row').nth(1).getByTestId('thread-menu-button')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(rows.nth(2)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(rows.nth(1)).toBeFocused();

  // The menu: opened on its first item, arrows go round, Escape closes it and gives focus back.
  const row = baton.threadRow('Fresh notes');
  const menuButton = row.getByTestId('thread-menu-button');
  await baton.threadItem('Fresh notes').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(row.getByTestId('rename-thread')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(row.getByTestId('archive-thread')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(row.getByTestId('rename-thread')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(row.getByTestId('delete-thread')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(row.getByTestId('thread-menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  // Rename: ArrowDown opens the menu too; the new title is typed in place, and focus comes back to the row.
  await page.keyboard.press('ArrowDown');
  await expect(row.getByTestId('rename-thread')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('thread-title-input')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Fresh plan');
  await page.keyboard.press('Enter');
  await expect(baton.threadItem('Fresh plan')).toBeFocused();

  // Archive: Shift+F10 opens the menu from the row; the row goes and focus stays in the list.
  await baton.threadItem('Old receipts').focus();
  await page.keyboard.press('Shift+F10');
  await page.keyboard.press('ArrowDown');
  await expect(baton.threadRow('Old receipts').getByTestId('archive-thread')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(baton.threadItem('Old receipts')).toHaveCount(0);
  await expect(baton.threadItem('Errand 1')).toBeFocused();

  // Delete asks first, on Cancel: Escape keeps the thread; the Delete before Cancel deletes it.
  const plan = baton.threadRow('Yesterday’s plan');
  await baton.threadItem('Yesterday’s plan').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  await expect(plan.getByTestId('delete-thread')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(plan.getByTestId('cancel-delete-thread')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(plan.getByTestId('confirm-delete-thread')).toHaveCount(0);
  await expect(plan.getByTestId('thread-menu-button')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+Tab');
  await expect(plan.getByTestId('confirm-delete-thread')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(baton.threadItem('Yesterday’s plan')).toHaveCount(0);
  await expect(page.getByTestId('deleted-thread-toast')).toContainText('Yesterday’s plan');
});

test('each row says how long ago it changed, the exact date on hover, and moves on as time passes', async ({ page, baton }) => {
  // The page's clock stands still 4 min 50 s after the newest thread changed, until the test moves it.
  const start = new Date(NEWEST.getTime() + 4 * MINUTE + 50_000);
  // Installed a minute before it pauses: the clock runs from the install, and a pause at the very
  // time installed failed on a loaded machine ("Cannot fast-forward to the past") once any of it passed.
  await page.clock.install({ time: new Date(start.getTime() - MINUTE) });
  await page.clock.pauseAt(start);
  await baton.open();

  const timeOf = (title: string) => baton.threadItem(title).first().getByTestId('thread-time');
  const fresh = timeOf('Fresh notes');
  // The label first; screen readers also hear the exact date after it.
  await expect(fresh).toHaveText(/^4 min ago, Thursday,? 12 March 2026 at 14:00$/);
  await expect(fresh).toHaveAttribute('title', /^Thursday,? 12 March 2026 at 14:00$/);
  await expect(fresh).toHaveAttribute('datetime', NEWEST.toISOString());
  await expect(timeOf('Fix the build')).toHaveText(/^1 h ago,/);
  await expect(timeOf('Yesterday’s plan')).toHaveText(/^yesterday,/);
  await expect(timeOf('Yesterday’s plan')).toHaveAttribute('title', /^Wednesday,? 11 March 2026 at 09:00$/);
  await expect(timeOf('Old receipts')).toHaveText(/^1 Dec 2025,/);

  // Ten seconds on, the newest thread is five minutes old: the list's one timer tells it so.
  await page.clock.runFor(10_000);
  await expect(fresh).toHaveText(/^5 min ago,/);
  await expect(timeOf('Fix the build')).toHaveText(/^1 h ago,/);
});

test('threads of the same title show their agent and how their last message began; others do not', async ({ page, baton }) => {
  await baton.open();
  const builds = baton.threadItem('Fix the build');
  await expect(builds).toHaveCount(2);
  await expect(builds.nth(0).getByTestId('thread-detail')).toContainText(LINKER);
  await expect(builds.nth(1).getByTestId('thread-detail')).toContainText('helper-agent');
  await expect(builds.nth(1).getByTestId('thread-detail')).toContainText(CI);
  await expect(baton.threadItem('Fresh notes').getByTestId('thread-detail')).toHaveCount(0);

  // Renamed apart, neither needs telling apart any more.
  await baton.threadAction(/Tests pass on CI/, 'rename-thread');
  await page.getByTestId('thread-title-input').fill('Fix the tests');
  await page.getByTestId('thread-title-input').press('Enter');
  await expect(baton.threadItem('Fix the tests')).toHaveCount(1);
  await expect(page.getByTestId('thread-detail')).toHaveCount(0);
});

test('the list, its ⋯ menu and a shared title have no serious accessibility violation, light or dark', async ({ page, baton }) => {
  await baton.open();
  await baton.openThreadMenu('Fresh notes');
  await expect(page.getByTestId('thread-detail')).toHaveCount(2);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="thread-list"]').analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      colorScheme,
    ).toEqual([]);
  }
});

test('the first Tab shows the skip link, which takes focus to the prompt', async ({ page, baton }) => {
  await baton.open();
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-to-prompt');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText('Skip to the prompt');
  await expect(skip).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Enter');
  await expect(baton.composer).toBeFocused();
});

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the thread list shows at least seven whole rows', async ({ page, baton }) => {
    await baton.open();
    await page.getByTestId('pane-tab-threads').tap();
    await expect(baton.threadItems).toHaveCount(10);
    const list = await page.getByTestId('thread-list').boundingBox();
    const boxes = await page
      .getByTestId('thread-row')
      .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().toJSON() as DOMRect));
    const whole = boxes.filter((box) => list && box.top >= list.y && box.bottom <= list.y + list.height && box.bottom <= 844);
    expect(whole.length, JSON.stringify({ list, boxes })).toBeGreaterThanOrEqual(7);
  });

  test('the skip link shows the chat and focuses the prompt from the thread list', async ({ page, baton }) => {
    await baton.open();
    await page.getByTestId('pane-tab-threads').tap();
    await page.getByTestId('skip-to-prompt').focus();
    await page.keyboard.press('Enter');
    await expect(baton.composer).toBeFocused();
  });
});
