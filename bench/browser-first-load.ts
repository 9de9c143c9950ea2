/**
 * Bench item 6: the JavaScript the chat page loads before it is usable, gzipped, from the
 * production build the relay serves. Counted from what a fresh tab actually fetches until it is
 * connected, so lazily loaded chunks that the page needs at once are in and unused ones are out.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

export interface FirstLoadJs {
  files: number;
  rawKiB: number;
  gzipKiB: number;
}

export async function measureFirstLoadJs(browser: Browser, url: string): Promise<FirstLoadJs> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body());
  });
  try {
    await page.goto(url);
    await page.getByTestId('connection-status').and(page.locator('[data-state="connected"]')).waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(bodies);
    const raw = scripts.reduce((sum, body) => sum + body.length, 0);
    const gzip = scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    return { files: scripts.length, rawKiB: raw / 1024, gzipKiB: gzip / 1024 };
  } finally {
    await context.close();
  }
}
