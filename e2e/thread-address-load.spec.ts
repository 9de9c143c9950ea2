/**
 * A thread's address (`/t/<id>`) opened directly, as from a bookmark or a reload: the page's
 * assets load from the app's root on the first request, none from `/t/_next/…` (which the relay
 * answers with its not-found page, refused as a stylesheet).
 */
import { expect, test } from './fixtures/baton-test';
import { BatonPage } from './support/baton-page';

test('a /t/<id> address loads every asset from the right place: no 404, no refused stylesheet', async ({ page, context, baton }) => {
  await baton.open();
  await baton.send('hello');
  await expect(baton.assistantMessages.last()).toContainText('You said: hello');
  await expect.poll(() => baton.path()).toMatch(/^\/t\/[^/]+$/);
  const threadAddress = page.url();

  const fresh = await context.newPage();
  const failures: string[] = [];
  fresh.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  fresh.on('requestfailed', (request) => failures.push(`failed ${request.url()}: ${request.failure()?.errorText}`));
  fresh.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  const freshBaton = new BatonPage(fresh);
  await freshBaton.open(threadAddress);
  await expect(freshBaton.userMessages).toHaveText(['hello']);
  await expect(freshBaton.assistantMessages.last()).toContainText('You said: hello');
  expect(failures).toEqual([]);
});
