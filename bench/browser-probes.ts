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
 * Turns the mouse wheel up over the list by `stepPx` once a frame until the oldest entry (`marker`)
 * is in it and the list is at its top, as a reader flinging the wheel would: real input, which
 * the page tells from its own jumps (a drag's entries show as placeholders there, not a jump's).
 * The frame times on the way. Checked once a frame, after the frame the turn was taken into.
 */
export async function scrollToTop(
  page: Page,
  marker: string,
  stepPx: number,
  timeoutMs: number,
): Promise<{ frames: number[]; elapsedMs: number; reachedTop: boolean }> {
  const box = await page.locator(LIST).boundingBox();
  if (!box) throw new Error('no list to scroll');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(() => {
    const target = window as unknown as { benchFrames: number[]; benchFramesDone: boolean };
    target.benchFrames = [];
    target.benchFramesDone = false;
    let last = performance.now();
    const frame = (now: number) => {
      target.benchFrames.push(now - last);
      last = now;
      if (!target.benchFramesDone) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  const start = performance.now();
  let reachedTop = false;
  while (!reachedTop && performance.now() - start < timeoutMs) {
    await page.mouse.wheel(0, -stepPx);
    reachedTop = await page.evaluate(
      ({ list, marker }) =>
        new Promise<boolean>((resolve) =>
          requestAnimationFrame(() => {
            const element = document.querySelector<HTMLElement>(list);
            resolve(element !== null && element.scrollTop === 0 && (element.textContent?.includes(marker) ?? false));
          }),
        ),
      { list: LIST, marker },
    );
  }
  const elapsedMs = performance.now() - start;
  const frames = await page.evaluate(() => {
    const target = window as unknown as { benchFrames: number[]; benchFramesDone: boolean };
    target.benchFramesDone = true;
    return target.benchFrames.slice(1);
  });
  return { frames, elapsedMs, reachedTop };
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
