/**
 * What the browser bench measures inside a page. Each probe drives the page through the test ids
 * Baton and the baseline page share, so the same code measures both. The functions given to
 * `page.evaluate` run in the page and may use nothing from this module's scope.
 */
import type { Page } from '@playwright/test';

const LIST = '[data-testid="chat-entries"]';

export interface FrameStats {
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  frames: number;
}

/** Starts collecting the page's long main-thread tasks (over 50 ms, as Chromium reports them). */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const target = window as unknown as { benchLongTasks: number[] };
    target.benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) target.benchLongTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
}

/** The longest task since `watchLongTasks`, 0 when none went over 50 ms; and resets the record. */
export async function longestTaskMs(page: Page): Promise<number> {
  return page.evaluate(() => {
    const target = window as unknown as { benchLongTasks: number[] };
    const longest = Math.max(0, ...target.benchLongTasks);
    target.benchLongTasks = [];
    return longest;
  });
}

/**
 * Clicks the thread (the first one listed, or the one with `threadId`) and resolves with the time from the click until the frame after the one in
 * which `marker` (in the newest entry) is in the list: the newest entries are painted by then.
 */
export async function clickThreadUntilPainted(page: Page, marker: string, timeoutMs: number, threadId?: string): Promise<number> {
  const item = threadId === undefined ? '[data-testid="thread-item"]' : `[data-testid="thread-item"][data-thread-id="${threadId}"]`;
  return page.evaluate(
    async ({ list, item, marker, timeoutMs }) => {
      const start = performance.now();
      document.querySelector<HTMLElement>(item)?.click();
      await new Promise<void>((resolve, reject) => {
        const check = () => {
          if (document.querySelector(list)?.textContent?.includes(marker)) resolve();
          else if (performance.now() - start > timeoutMs) reject(new Error(`${marker} was not painted in ${timeoutMs} ms`));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.now() - start;
    },
    { list: LIST, item, marker, timeoutMs },
  );
}

export async function domNodeCount(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

/** The JS heap in use after a full garbage collection, in MiB. */
export async function heapUsedMiB(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('HeapProfiler.collectGarbage');
    const { usedSize } = await session.send('Runtime.getHeapUsage');
    return usedSize / 2 ** 20;
  } finally {
    await session.detach();
  }
}

/**
 * Scrolls the list up by `stepPx` every frame until the oldest entry (`marker`) is in it and the
 * list is at its top, as a reader dragging the scrollbar up would; the frame times on the way.
 * Set from inside the page, one frame a step, with the button held on the list as on a
 * scrollbar's thumb: turning the wheel from here instead cost each step two round trips to the
 * browser, which paced the scroll more than the page did.
 */
export async function scrollToTop(
  page: Page,
  marker: string,
  stepPx: number,
  timeoutMs: number,
): Promise<{ frames: number[]; elapsedMs: number; reachedTop: boolean }> {
  return page.evaluate(
    async ({ list, marker, stepPx, timeoutMs }) => {
      const element = document.querySelector<HTMLElement>(list);
      if (!element) throw new Error('no list to scroll');
      const frames: number[] = [];
      // The button held on the list's scrollbar, as a drag of its thumb begins and ends: the page
      // tells the reader's drag from its own jumps by that input (components/chat/reader-input.ts).
      const button = { button: 0, buttons: 1, pointerType: 'mouse', bubbles: true };
      element.dispatchEvent(new PointerEvent('pointerdown', button));
      const start = performance.now();
      let last = start;
      const reachedTop = await new Promise<boolean>((resolve) => {
        const step = (now: number) => {
          frames.push(now - last);
          last = now;
          if (element.scrollTop === 0 && element.textContent?.includes(marker)) return resolve(true);
          if (now - start > timeoutMs) return resolve(false);
          element.scrollTop = Math.max(0, element.scrollTop - stepPx);
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
      element.dispatchEvent(new PointerEvent('pointerup', { ...button, buttons: 0 }));
      return { frames: frames.slice(1), elapsedMs: performance.now() - start, reachedTop };
    },
    { list: LIST, marker, stepPx, timeoutMs },
  );
}

/**
 * Sends a prompt and waits until `marker` (the streamed answer's last piece) is in the list,
 * recording frame times meanwhile. Completion is checked ten times a second, not every frame,
 * so that the probe itself weighs little on the page it measures.
 */
export async function streamUntilShown(
  page: Page,
  prompt: string,
  marker: string,
  timeoutMs: number,
): Promise<{ frames: number[]; elapsedMs: number; finished: boolean }> {
  const recording = page.evaluate(
    async ({ list, marker, timeoutMs }) => {
      const frames: number[] = [];
      const start = performance.now();
      let last = start;
      let done = false;
      const frame = (now: number) => {
        frames.push(now - last);
        last = now;
        if (!done) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      const finished = await new Promise<boolean>((resolve) => {
        const timer = setInterval(() => {
          const shown = document.querySelector(list)?.textContent?.includes(marker) ?? false;
          if (shown || performance.now() - start > timeoutMs) {
            clearInterval(timer);
            resolve(shown);
          }
        }, 100);
      });
      done = true;
      return { frames: frames.slice(1), elapsedMs: performance.now() - start, finished };
    },
    { list: LIST, marker, timeoutMs },
  );
  const composer = page.getByTestId('composer-input');
  await composer.fill(prompt);
  await composer.press('Enter');
  return recording;
}

export function frameStats(frames: readonly number[]): FrameStats {
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
  return { medianMs: at(0.5), p95Ms: at(0.95), maxMs: sorted.at(-1) ?? Number.NaN, frames: sorted.length };
}
