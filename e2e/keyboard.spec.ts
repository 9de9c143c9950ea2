/**
 * The keyboard flow: Enter sends and Shift+Enter breaks the line, Esc stops a running turn, ↑ in an
 * empty composer brings back the last prompt, New thread puts the caret in the composer, and
 * Ctrl+K opens a palette that finds threads and actions. Stop (button or Esc) right after a first
 * Send, before its thread exists, stops that turn.
 */
import type { Page } from '@playwright/test';
import { createGate, type Gate } from '../server/demo-model/testing/gate';
import type { ModelScript } from '../server/demo-model/scripted-reply';
import { expect, test } from './fixtures/baton-test';
import { echoScript } from './support/model-scripts';

let gate: Gate;

/** A prompt that says "hold" streams a few words and waits for the gate; any other is echoed. */
const holdOrEcho: ModelScript = (request, context) => {
  if (!JSON.stringify(request.messages.at(-1)).includes('hold')) return echoScript(request, context);
  return {
    blocks: [{ type: 'text', text: 'Working on it, slowly and at length.' }],
    beforeDelta: (index, disconnected) =>
      index === 2
        ? Promise.race([gate.promise, new Promise<void>((resolve) => disconnected.addEventListener('abort', () => resolve()))])
        : undefined,
  };
};

test.use({ modelOptions: { script: holdOrEcho } });

test.beforeEach(() => {
  gate = createGate();
});

// The held answer lets go, so that the relay can stop.
test.afterEach(() => gate.open());

test('Shift+Enter breaks the line, Enter sends, and ↑ in the empty composer brings the prompt back', async ({ page, baton }) => {
  await baton.open();
  await baton.composer.click();
  await page.keyboard.type('first line');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('second line');
  await expect(baton.composer).toHaveValue('first line\nsecond line');
  await page.keyboard.press('Enter');
  await expect(baton.userMessages.last()).toHaveText(/first line\s+second line/);
  await expect(baton.assistantMessages.last()).toContainText('You said:');
  await expect(baton.composer).toHaveValue('');

  await page.keyboard.press('ArrowUp');
  await expect(baton.composer).toHaveValue('first line\nsecond line');
  // Not empty any more: ↑ moves the caret as usual and changes nothing.
  await page.keyboard.press('ArrowUp');
  await expect(baton.composer).toHaveValue('first line\nsecond line');
});

test('Esc stops a running turn from the composer and from nowhere in particular', async ({ page, baton }) => {
  await baton.open();
  await baton.send('please hold');
  // The turn has started on the relay once its answer streams.
  await expect(baton.assistantMessages.last()).toContainText('Working');
  await expect(baton.composer).toBeFocused();
  await page.keyboard.press('Escape');
  await baton.expectTurnFinished();
  await expect(baton.assistantMessages.last()).not.toContainText('at length');

  await baton.send('hold again');
  await expect(baton.assistantMessages).toHaveCount(2);
  await expect(baton.assistantMessages.last()).toContainText('Working');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Escape');
  await baton.expectTurnFinished();
});

test('New thread puts the caret in the composer', async ({ page, baton }) => {
  await baton.open();
  await baton.send('hello there');
  await expect(baton.assistantMessages.last()).toContainText('You said:');
  await page.getByTestId('new-thread').click();
  await expect(baton.composer).toBeFocused();
  await page.keyboard.type('typed at once');
  await expect(baton.composer).toHaveValue('typed at once');
});

test('Ctrl+K finds a thread by its title and runs actions, all from the keyboard', async ({ page, baton }) => {
  await baton.open();
  await baton.send('apples are red');
  await expect(baton.assistantMessages.last()).toContainText('You said:');
  await baton.newThread();
  await baton.send('bananas are yellow');
  await expect(baton.assistantMessages.last()).toContainText('bananas');
  await expect(baton.threadItems).toHaveCount(2);

  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  await expect(palette).toBeVisible();
  await expect(page.getByTestId('command-palette-input')).toBeFocused();
  await page.keyboard.type('apples');
  const options = page.getByTestId('command-palette-option');
  await expect(options).toHaveText([/Thread\s*apples are red/]);
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(baton.userMessages.first()).toHaveText('apples are red');
  await expect(page.locator('[data-testid="thread-item"][aria-current="true"]')).toHaveText(/apples are red/);
  await expect(baton.composer).toBeFocused();

  // Esc closes it and gives focus back.
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
  await expect(baton.composer).toBeFocused();

  // An action, chosen with the arrows.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('new');
  await expect(options.first()).toHaveText(/Action\s*New thread/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect.poll(() => baton.path()).toBe('/');
  await expect(page.locator('[data-testid="thread-item"][aria-current="true"]')).toHaveCount(0);
  await expect(baton.composer).toBeFocused();
});

test('Esc pressed right after Enter, before the relay has started the turn, stops it', async ({ page, baton }) => {
  await baton.open();
  // A first prompt creates its thread: no thread to stop yet when Esc comes.
  await baton.composer.fill('hold on, please');
  await baton.composer.press('Enter');
  await baton.composer.press('Escape');
  await baton.expectTurnFinished();
  await expect(page.getByTestId('turn-outcome')).toHaveText(['Stopped by you']);
  await expect(baton.assistantMessages.filter({ hasText: 'at length' })).toHaveCount(0);

  // In the thread now open, the same: Enter and Esc at once.
  await baton.composer.fill('hold again');
  await baton.composer.press('Enter');
  await baton.composer.press('Escape');
  await baton.expectTurnFinished();
  await expect(page.getByTestId('turn-outcome')).toHaveText(['Stopped by you', 'Stopped by you']);
});

/**
 * Passes the page's socket through unchanged, except that once a `chat/prompt` has gone out
 * everything the relay says waits until `release`: a slow link, with the tab not yet told which
 * thread its first prompt made.
 */
async function holdRelayAfterFirstPrompt(page: Page): Promise<{ holding(): boolean; release(): void }> {
  const held: (string | Buffer)[] = [];
  let state: 'passing' | 'holding' | 'released' = 'passing';
  let toPage: ((message: string | Buffer) => void) | undefined;
  await page.routeWebSocket(/\/socket\.io\//, (socket) => {
    const relaySide = socket.connectToServer();
    toPage = (message) => socket.send(message);
    socket.onMessage((message) => {
      if (state === 'passing' && typeof message === 'string' && message.includes('"chat/prompt"')) state = 'holding';
      relaySide.send(message);
    });
    relaySide.onMessage((message) => (state === 'holding' ? held.push(message) : socket.send(message)));
  });
  return {
    holding: () => state === 'holding',
    release() {
      state = 'released';
      for (const message of held.splice(0)) toPage?.(message);
    },
  };
}

test('Stop shows as soon as a first prompt is sent and stops its turn before its thread is open', async ({ page, baton }) => {
  const link = await holdRelayAfterFirstPrompt(page);
  await baton.open();
  await baton.send('hold on, please');
  await expect(baton.stopButton).toBeVisible();
  // The relay has not told the tab of the thread yet: none is open.
  expect(link.holding()).toBe(true);
  expect(baton.path()).toBe('/');
  await expect(page.locator('[data-testid="thread-item"][aria-current="true"]')).toHaveCount(0);
  await baton.stopButton.click();

  link.release();
  await expect.poll(() => baton.path()).toMatch(/^\/t\//);
  await baton.expectTurnFinished();
  await expect(page.getByTestId('turn-outcome')).toHaveText(['Stopped by you']);
  await expect(baton.assistantMessages.filter({ hasText: 'at length' })).toHaveCount(0);
});
