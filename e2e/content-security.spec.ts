/**
 * The Content-Security-Policy in a real browser: the app hydrates and works under it with no
 * violation, and what an agent writes cannot run, whatever markup it tries.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/baton-test';

const HOSTILE_ANSWER = [
  'Plain words first. <script>window.batonPwned = "script"</script>',
  '<img src="/missing.png" onerror="window.batonPwned = \'img\'">',
  '[click me](javascript:window.batonPwned=\'link\') and <a href="javascript:void 0" onclick="window.batonPwned=\'a\'">raw</a>',
  '![tracker](https://evil.example/pixel.png)',
  'Last words.',
].join('\n\n');

// One relay for the file: a relay per test would only slow it.
test.use({
  relayScope: 'file',
  modelOptions: {
    script: (request) => {
      const hostile = JSON.stringify(request.messages.at(-1)).includes('Answer with anything');
      return { blocks: [{ type: 'text', text: hostile ? HOSTILE_ANSWER : 'A **plain** answer.\n\nLast words.' }] };
    },
  },
});

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const reported = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  return async () => [...console, ...(await reported())];
}

test('the page hydrates and works under the CSP, with a nonce per response and no violation', async ({ page, baton }) => {
  const violations = await watchViolations(page);
  const documentResponse = page.waitForResponse(
    (response) => response.request().resourceType() === 'document' && response.status() === 200,
  );
  await baton.open();
  const policy = (await (await documentResponse).headerValue('content-security-policy')) ?? '';
  expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
  expect(policy).toContain("frame-ancestors 'self'");
  expect(policy).not.toContain('unsafe-inline');

  // Hydrated and connected: the composer works and a whole turn round-trips over the socket.
  await baton.send('Say something');
  await expect(baton.assistantMessages.first()).toContainText('Last words.');
  await baton.expectTurnFinished();
  await page.reload();
  await baton.expectConnected();
  expect(await violations()).toEqual([]);
});

test('an agent’s Markdown with script, event handlers and a javascript: link renders inert', async ({ page, baton }) => {
  const violations = await watchViolations(page);
  await baton.open();
  await baton.newThread();
  await baton.send('Answer with anything');
  const answer = baton.assistantMessages.first();
  await expect(answer).toContainText('Last words.');
  await baton.expectTurnFinished();

  await expect(answer.locator('script, iframe, object')).toHaveCount(0);
  await expect(answer.locator('[onerror], [onclick], [onload]')).toHaveCount(0);
  // A Markdown image is an image, but the CSP keeps it from loading: it cannot carry data out.
  await expect(answer.locator('img')).toHaveAttribute('src', 'https://evil.example/pixel.png');
  await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
  for (const violation of await violations()) {
    expect(violation).toMatch(/img-src.*evil\.example\/pixel\.png|evil\.example\/pixel\.png.*img-src/);
  }
  const link = answer.getByRole('link', { name: 'click me' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');
  expect(await link.getAttribute('href')).not.toMatch(/^\s*javascript:/i);
  await expect(answer.locator('a[href^="javascript:" i]')).toHaveCount(0);
  // The raw markup is shown as text, so a reader sees what the agent tried.
  await expect(answer).toContainText('<script>');
  expect(await page.evaluate(() => (window as unknown as { batonPwned?: string }).batonPwned)).toBeUndefined();
});
