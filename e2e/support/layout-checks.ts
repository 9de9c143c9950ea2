/** What "on screen" and "not cut off" mean for the layout tests, as a user would check by looking. */
import { expect, type Locator, type Page } from '@playwright/test';

/** The element is shown and its whole box lies inside the viewport. */
export async function expectInsideViewport(page: Page, element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('the page has no fixed viewport');
  const box = await element.boundingBox();
  if (!box) throw new Error('the element has no box');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

/** The element's content fits in it: nothing clipped, scrolled away or hidden behind an ellipsis. */
export async function expectTextNotClipped(element: Locator): Promise<void> {
  const { scrollWidth, clientWidth } = await element.evaluate((node) => ({ scrollWidth: node.scrollWidth, clientWidth: node.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The page does not scroll sideways: nothing sticks out to the right. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
