/** A page object for Baton's one page: what a user sees and does, by data-testid. */
import { expect, type Locator, type Page } from '@playwright/test';

export class BatonPage {
  constructor(readonly page: Page) {}

  async open(url: string): Promise<void> {
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

  async newThread(): Promise<void> {
    // Count only once the relay's list is in: a list still loading would undercount.
    await expect(this.page.getByTestId('thread-list')).toHaveAttribute('data-state', 'loaded');
    const before = await this.threadItems.count();
    await this.page.getByTestId('new-thread').click();
    await expect(this.threadItems).toHaveCount(before + 1);
  }

  /** Types a prompt and presses Enter, as a user does. */
  async send(prompt: string): Promise<void> {
    await this.composer.fill(prompt);
    await this.composer.press('Enter');
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

  async expectTurnFinished(): Promise<void> {
    await expect(this.stopButton).toHaveCount(0);
  }
}
