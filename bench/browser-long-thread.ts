/**
 * Bench item 4's very long thread: 50,000 entries read from the newest to the first by scrolling
 * up (every page of older entries fetched on the way), and the same thread opened at its first
 * entry with "Jump to the start". Each figure is printed with the machine's load average over
 * what it measured: the machine is shared, and a busy moment lengthens frames and tasks alike;
 * the longest task is given in wall time and in CPU time (./main-thread-tasks.ts), which a busy
 * machine does not lengthen.
 */
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { makeTempFolder, startRelayProcess } from '../e2e/support/relay-process';
import { longThreadEntries, NEWEST_MARKER, OLDEST_MARKER, seedLongThread } from '../e2e/support/long-thread';
import { loadRange } from './bench-stats';
import type { BenchRow } from './browser-bench-rows';
import * as probe from './browser-probes';
import { traceMainThreadTasks } from './main-thread-tasks';

export const LONG_ENTRIES = Number(process.env.BENCH_LONG_ENTRIES ?? 50_000);
/** How far the reader drags the list up per frame. */
const STEP_PX = Number(process.env.BENCH_LONG_STEP_PX ?? 1_500);
const TIMEOUT_MS = Number(process.env.BENCH_LONG_TIMEOUT_MS ?? 180_000);
const OPEN_TIMEOUT_MS = 60_000;
const ITEM = '4 browser';
const LABEL = `${LONG_ENTRIES.toLocaleString('en')} entries`;

/** When the page asked the relay for each page of entries (socket.io frames naming the method). */
function recordPageRequests(page: Page): number[] {
  const times: number[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('"getThreadEntries"')) times.push(performance.now());
    });
  });
  return times;
}

/**
 * Seconds per ten pages over the first and the last PACE_PAGES pages fetched: when each page
 * costs the same at any depth, the two are alike (before the bound, the last were slower).
 */
const PACE_PAGES = 50;
function paceOf(times: readonly number[]): { first: number; last: number } {
  const per10 = (from: number, to: number) => (((times[to]! - times[from]!) / (to - from)) * 10) / 1000;
  if (times.length < 2 * PACE_PAGES) return { first: Number.NaN, last: Number.NaN };
  return { first: per10(0, PACE_PAGES - 1), last: per10(times.length - PACE_PAGES, times.length - 1) };
}

/** The entries the list holds now (its own count, as the page says it). */
async function loadedEntries(page: Page): Promise<number> {
  return Number((await page.getByTestId('chat-entries').getAttribute('data-entry-count')) ?? Number.NaN);
}

async function withThreadOpen(browser: Browser, url: string, use: (page: Page, pageRequests: number[]) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript('globalThis.__name = (target) => target;');
  try {
    const page = await context.newPage();
    const pageRequests = recordPageRequests(page);
    await page.goto(url);
    await page.getByTestId('thread-item').first().waitFor();
    await probe.clickThreadUntilPainted(page, NEWEST_MARKER, OPEN_TIMEOUT_MS);
    await page.waitForTimeout(300);
    await use(page, pageRequests);
  } finally {
    await context.close();
  }
}

/** Clicks "Jump to the start" and resolves with the time until the frame after the first entry is in the list. */
async function jumpToStart(page: Page, timeoutMs: number): Promise<number> {
  return page.evaluate(
    async ({ marker, timeoutMs }) => {
      const button = document.querySelector<HTMLElement>('[data-testid="jump-to-start"]');
      if (!button) return Number.POSITIVE_INFINITY;
      const start = performance.now();
      button.click();
      const shown = await new Promise<boolean>((resolve) => {
        const check = () => {
          if (document.querySelector('[data-testid="chat-entries"]')?.textContent?.includes(marker)) resolve(true);
          else if (performance.now() - start > timeoutMs) resolve(false);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return shown ? performance.now() - start : Number.POSITIVE_INFINITY;
    },
    { marker: OLDEST_MARKER, timeoutMs },
  );
}

export async function runLongThreadBench(browser: Browser, log: (line: string) => void): Promise<BenchRow[]> {
  const workspace = await makeTempFolder('bench-long-thread');
  const rows: BenchRow[] = [];
  const row = (metric: string, unit: string, value: number, goal?: number) => {
    log(`  ${metric}: ${value}`);
    rows.push({ item: ITEM, metric, unit, value, ...(goal === undefined ? {} : { goal: { below: goal } }) });
  };
  try {
    const dataDir = path.join(workspace.path, '.baton');
    log(`seeding a thread of ${LONG_ENTRIES} entries`);
    await seedLongThread(dataDir, longThreadEntries(LONG_ENTRIES));
    const relay = await startRelayProcess({ workspaceRoot: workspace.path, dataDir });
    try {
      log(`${LABEL}: scroll from the newest to the first, ${STEP_PX} px a frame`);
      await withThreadOpen(browser, relay.url, async (page, pageRequests) => {
        await probe.watchLongTasks(page);
        const opened = pageRequests.length;
        const load = loadRange();
        const stopTrace = await traceMainThreadTasks(browser, page);
        const scrolled = await probe.scrollToTop(page, OLDEST_MARKER, STEP_PX, TIMEOUT_MS);
        const traced = await stopTrace();
        const during = `load ${load.until()}`;
        const frames = probe.frameStats(scrolled.frames);
        const scrollPages = pageRequests.slice(opened);
        const pace = paceOf(scrollPages);
        row(
          `${LABEL}: scroll newest→first, time (${scrolled.reachedTop ? 'reached' : 'NOT reached'}; ${during})`,
          's',
          scrolled.elapsedMs / 1000,
          60,
        );
        row(`${LABEL}: scroll newest→first, longest task (${during})`, 'ms', await probe.longestTaskMs(page), 50);
        row(`${LABEL}: scroll newest→first, longest task's CPU time (${during})`, 'ms', traced.longestCpuMs, 50);
        row(`${LABEL}: scroll newest→first, tasks over 50 ms of CPU`, 'tasks', traced.overBudgetByCpu);
        row(`${LABEL}: scroll newest→first, p95 frame (${during})`, 'ms', frames.p95Ms);
        row(`${LABEL}: scroll newest→first, pages fetched`, 'pages', scrollPages.length);
        row(`${LABEL}: scroll, s per 10 pages, first ${PACE_PAGES} pages (${during})`, 's', pace.first);
        row(`${LABEL}: scroll, s per 10 pages, last ${PACE_PAGES} pages (${during})`, 's', pace.last);
        row(`${LABEL}: entries held at the first entry`, 'entries', await loadedEntries(page));
      });
      log(`${LABEL}: jump to the start`);
      await withThreadOpen(browser, relay.url, async (page) => {
        await probe.watchLongTasks(page);
        const load = loadRange();
        const stopTrace = await traceMainThreadTasks(browser, page);
        const shownMs = await jumpToStart(page, OPEN_TIMEOUT_MS);
        const traced = await stopTrace();
        const during = `load ${load.until()}`;
        row(`${LABEL}: jump to the start, first entry painted (${during})`, 'ms', shownMs, 500);
        row(`${LABEL}: jump to the start, longest task (${during})`, 'ms', await probe.longestTaskMs(page), 50);
        row(`${LABEL}: jump to the start, longest task's CPU time (${during})`, 'ms', traced.longestCpuMs, 50);
      });
    } finally {
      await relay.stop();
    }
  } finally {
    await workspace.remove();
  }
  return rows;
}
