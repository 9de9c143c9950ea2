/** A page object for Baton's one page: what a user sees and does, by data-testid. */
import { expect, type Download, type Locator, type Page } from '@playwright/test';

export class BatonPage {
  /** `home`: the address `open()` goes to when given none, the relay's own. */
  constructor(
    readonly page: Page,
    readonly home?: string,
  ) {}

  async open(url = this.home): Promise<void> {
    if (url === undefined) throw new Error('open() needs an address: this page object was made without one');
    await this.page.goto(url);
    await this.expectConnected();
  }

  async expectConnected(): Promise<void> {
    await expect(this.page.getByTestId('connection-status')).toHaveAttribute('data-state', 'connected');
  }

  get threadItems(): Locator {
    return this.page.getByTestId('thread-item');
  }

  get userMessages(): Locator {
    return this.page.getByTestId('message-user');
  }

  get assistantMessages(): Locator {
    return this.page.getByTestId('message-assistant');
  }

  get toolCards(): Locator {
    return this.page.getByTestId('tool-call-card');
  }

  toolCard(toolName: string): Locator {
    return this.page.locator(`[data-testid="tool-call-card"][data-tool-name="${toolName}"]`);
  }

  get stopButton(): Locator {
    return this.page.getByTestId('stop-button');
  }

  get composer(): Locator {
    return this.page.getByTestId('composer-input');
  }

  /** An empty chat at `/`: the thread itself is created by the first prompt sent in it. */
  async newThread(): Promise<void> {
    await expect(this.page.getByTestId('thread-list')).toHaveAttribute('data-state', 'loaded');
    await this.page.getByTestId('new-thread').click();
    await expect.poll(() => this.path()).toBe('/');
    await expect(this.page.locator('[data-testid="thread-item"][aria-current="true"]')).toHaveCount(0);
  }

  /** The address's path: `/t/<id>` for an open thread, `/` for a new chat. */
  path(): string {
    return new URL(this.page.url()).pathname;
  }

  threadItem(title: string | RegExp): Locator {
    return this.threadItems.filter({ hasText: title });
  }

  /** The row of a thread (its item and its actions), by title. */
  threadRow(title: string | RegExp): Locator {
    return this.page.getByTestId('thread-row').filter({ has: this.threadItem(title) });
  }

  /**
   * Opens a thread's ⋯ menu and picks one of its items: `rename-thread`, `archive-thread` (which
   * reads Unarchive for an archived thread) or `delete-thread` (which then asks to confirm in the row).
   */
  async threadAction(
    title: string | RegExp,
    action: 'rename-thread' | 'archive-thread' | 'delete-thread',
    how: 'click' | 'tap' = 'click',
  ): Promise<void> {
    const item = await this.openThreadMenu(title, how);
    await (how === 'tap' ? item(action).tap() : item(action).click());
  }

  /** Opens a thread's ⋯ menu; gives back its items by test id. */
  async openThreadMenu(title: string | RegExp, how: 'click' | 'tap' = 'click'): Promise<(action: string) => Locator> {
    const row = this.threadRow(title);
    const button = row.getByTestId('thread-menu-button');
    await (how === 'tap' ? button.tap() : button.click());
    const menu = row.getByTestId('thread-menu');
    await expect(menu).toBeVisible();
    return (action) => menu.getByTestId(action);
  }

  /** Types a prompt and presses Enter, as a user does. */
  async send(prompt: string): Promise<void> {
    await this.composer.fill(prompt);
    await this.composer.press('Enter');
  }

  /** The chat list holds only what is near the view: a reader scrolls up to see the thread's start. */
  async scrollChatToStart(): Promise<void> {
    await this.page.getByTestId('chat-entries').evaluate((element) => element.scrollTo({ top: 0 }));
  }

  /** Picks the agent for new threads, then starts one. */
  async newThreadWith(agentLabel: string): Promise<void> {
    await this.page.getByTestId('new-thread-agent').selectOption({ label: agentLabel });
    await this.newThread();
  }

  /** Hands the open thread to another agent and waits for the thread to show it. */
  async handOverTo(agentLabel: string): Promise<void> {
    const notes = await this.page.getByTestId('hand-over-note').count();
    await this.page.getByTestId('hand-over').selectOption({ label: agentLabel });
    await expect(this.page.getByTestId('hand-over-note')).toHaveCount(notes + 1);
  }

  get activeAgent(): Locator {
    return this.page.getByTestId('active-agent');
  }

  /** The chat header's "⋯" thread menu, opened. */
  async openChatMenu(): Promise<Locator> {
    await this.page.getByTestId('chat-menu-button').click();
    const menu = this.page.getByRole('menu', { name: 'Thread actions' });
    await expect(menu).toBeVisible();
    return menu;
  }

  /** Downloads the open thread from the thread menu. */
  async exportThread(format: 'JSON' | 'Markdown' | 'Org'): Promise<Download> {
    const menu = await this.openChatMenu();
    const downloaded = this.page.waitForEvent('download');
    await menu.getByRole('menuitem', { name: `Export as ${format}` }).click();
    return downloaded;
  }

  /** The header's usage figure, which opens the thread's details. */
  get threadDetailsButton(): Locator {
    return this.page.getByTestId('thread-details-button');
  }

  /** Opens the thread's details popover and returns it. */
  async openThreadDetails(): Promise<Locator> {
    const popover = this.page.getByTestId('thread-details-popover');
    if (!(await popover.isVisible())) await this.threadDetailsButton.click();
    await expect(popover).toBeVisible();
    return popover;
  }

  /** Closes the details popover with Esc, as a keyboard user does. */
  async closeThreadDetails(): Promise<void> {
    await this.page.getByTestId('thread-details-popover').press('Escape');
    await expect(this.page.getByTestId('thread-details-popover')).toBeHidden();
  }

  /** One of an entry's actions ("copy-message", "copy-entry-link", "rewind-to-here", "fork-from-here"), its "⋯" menu opened. */
  async entryAction(entry: Locator, testId: string): Promise<Locator> {
    await entry.hover();
    const button = entry.getByTestId('entry-actions-button');
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    const item = entry.getByTestId(testId);
    await expect(item).toBeVisible();
    return item;
  }

  async expectTurnFinished(): Promise<void> {
    await expect(this.stopButton).toHaveCount(0);
  }
}
