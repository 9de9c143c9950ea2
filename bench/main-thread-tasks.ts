/**
 * The page's main-thread tasks as a Chromium trace records them: each task's wall time, as the
 * Long Tasks API reports it, and its thread time, the CPU the task itself took. On a shared
 * machine the two part: a task whose thread waited for a core lasts longer on the wall clock for
 * no work of the page's (traced at a load average of 14 on two cores, tasks of 250 ms took 5 ms
 * of CPU). The longest by CPU says what the page's own work costs; by wall, what a reader felt.
 */
import type { Browser, Page } from '@playwright/test';

/** Task events live in this category; nothing else is recorded, so that a minute's trace stays small. */
const CATEGORIES = ['disabled-by-default-devtools.timeline'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadTasks {
  /** The longest task's wall time, in ms. */
  longestWallMs: number;
  /** The longest task's thread (CPU) time, in ms. */
  longestCpuMs: number;
  /** Tasks whose CPU time went over 50 ms. */
  overBudgetByCpu: number;
}

/**
 * A trace is read in pieces of this length: one trace of minutes of scrolling on a busy machine
 * grew past what the browser could hand over, and it closed. Tasks in the moment between two
 * pieces are not seen.
 */
const PIECE_MS = 10_000;

/** Traces the page's tasks until the returned function is called; it resolves with their figures. */
export async function traceMainThreadTasks(browser: Browser, page: Page): Promise<() => Promise<MainThreadTasks>> {
  const total: MainThreadTasks = { longestWallMs: 0, longestCpuMs: 0, overBudgetByCpu: 0 };
  const readPiece = async () => {
    const piece = tasksOf(JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] });
    total.longestWallMs = Math.max(total.longestWallMs, piece.longestWallMs);
    total.longestCpuMs = Math.max(total.longestCpuMs, piece.longestCpuMs);
    total.overBudgetByCpu += piece.overBudgetByCpu;
  };
  await browser.startTracing(page, { categories: CATEGORIES });
  let turn: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    turn = turn.then(async () => {
      await readPiece();
      await browser.startTracing(page, { categories: CATEGORIES });
    });
  }, PIECE_MS);
  return async () => {
    clearInterval(timer);
    await turn;
    await readPiece();
    return total;
  };
}

function tasksOf({ traceEvents }: { traceEvents: TraceEvent[] }): MainThreadTasks {
  // The page's renderer main thread; with several pages traced, the busiest one.
  const mains = traceEvents.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  let best: MainThreadTasks = { longestWallMs: 0, longestCpuMs: 0, overBudgetByCpu: 0 };
  let bestCount = -1;
  for (const main of mains) {
    const tasks = traceEvents.filter(
      (event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === main.pid && event.tid === main.tid,
    );
    if (tasks.length <= bestCount) continue;
    bestCount = tasks.length;
    best = { longestWallMs: 0, longestCpuMs: 0, overBudgetByCpu: 0 };
    // A loop, not Math.max(...): a minute's scrolling is tens of thousands of tasks.
    for (const task of tasks) {
      best.longestWallMs = Math.max(best.longestWallMs, (task.dur ?? 0) / 1000);
      best.longestCpuMs = Math.max(best.longestCpuMs, (task.tdur ?? 0) / 1000);
      if ((task.tdur ?? 0) > 50_000) best.overBudgetByCpu += 1;
    }
  }
  return best;
}
