/**
 * The installed app opens without its relay: Baton's service worker keeps the page and the build's
 * files, so a reload with the relay gone shows the app saying the relay is unreachable (and that
 * it retries), not a browser error; an address it never kept gets a page that says the same.
 */
import { RETRYING_MESSAGE } from '../components/composer/connection-notice';
import { expect, test } from './fixtures/baton-test';

test('with the relay gone, a reload opens the kept app, which says the relay is unreachable', async ({ page, relay, baton }) => {
  await baton.open();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Under the worker's control, every file the page loads passes through it and is kept.
  await page.reload();
  await baton.expectConnected();

  await relay.stop();
  await page.reload();
  await expect(page.getByTestId('connection-notice')).toHaveText(RETRYING_MESSAGE);
  await expect(page.getByTestId('connection-status')).not.toHaveAttribute('data-state', 'connected');

  await page.goto(`${relay.origin}/t/never-opened-here`);
  await expect(page.getByText('Relay unreachable — Baton will reconnect when it is back.')).toBeVisible();
});
