/**
 * Bench items 4 and 6: Baton's chat page in Chromium on a thread of 5,000 entries (open it, scroll
 * to its top), and 2,000 pieces streamed at 200/s into a fresh thread and into that one, with the
 * relay warm and freshly started (./browser-stream-scenarios.ts), each beside a plain page that
 * renders the same entries and appends the same pieces naively, measured in the same run, runs
 * interleaved; and the chat page's first-load JavaScript. Medians of BENCH_RUNS runs (3 by
 * default), with the 1-minute load average at the first and last run of each figure.
 *
 * Then a thread of 50,000 entries read from its newest entry to its first, and opened at its first
 * (./browser-long-thread.ts). Run alone with `npm run bench:browser` (BENCH_LONG_ONLY=1: the long
 * thread's rows only; BENCH_BROWSER_ONLY=stream: the streaming alone); `runBrowserBench` is what
 * `npm run bench` calls.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { startScriptedModelServer } from '../server/demo-model/scripted-model-server';
import { CHROMIUM_LAUNCH } from '../e2e/support/chromium-launch';
import { makeTempFolder, startRelayProcess } from '../e2e/support/relay-process';
import { type BaselinePage, type BaselineWork, baselineAddress, describeBaselineWork, startBaselinePage } from './browser-baseline-page';
import { FRAME_MS } from '../components/baton-client/frame-batched';
import { FIRST_PAGE_ENTRIES } from '../stores/threads-slice';
import { type BenchRow, formatBenchRows, median } from './browser-bench-rows';
import { loadAverage } from './bench-stats';
import { measureFirstLoadJs } from './browser-first-load';
import { LONG_ENTRIES, runLongThreadBench } from './browser-long-thread';
import * as probe from './browser-probes';
import { longThreadEntries, NEWEST_MARKER, OLDEST_MARKER, seedLongThread } from '../e2e/support/long-thread';
import { streamedAnswerPieces } from './browser-stream-answer';
import {
  BatonStreamTarget,
  measureStreamOn,
  PIECE_GAP_MS,
  PIECES,
  scenarioName,
  STREAM_SCENARIOS,
  type StreamFigures,
  type StreamScenario,
} from './browser-stream-scenarios';

export type { BenchRow } from './browser-bench-rows';

const ENTRIES = 5_000;
const SCROLL_STEP_PX = 1_500;
const OPEN_TIMEOUT_MS = 60_000;
const SCROLL_TIMEOUT_MS = 60_000;
const ITEM = '4 browser';
/** Only the long thread's rows: they take minutes of their own. */
const LONG_ONLY = process.env.BENCH_LONG_ONLY === '1';

interface Target {
  name: 'Baton' | 'baseline';
  /** Loads the page and waits until the thread can be clicked. */
  ready(page: Page): Promise<void>;
}

interface Samples {
  [metric: string]: { Baton: number[]; baseline: number[]; loads: string[]; baselineLabel?: string };
}

let log: (line: string) => void = () => {};

function record(samples: Samples, metric: string, target: Target['name'], value: number, baselineLabel?: string): void {
  samples[metric] ??= { Baton: [], baseline: [], loads: [] };
  if (baselineLabel !== undefined) samples[metric].baselineLabel = baselineLabel;
  samples[metric][target].push(value);
  samples[metric].loads.push(loadAverage());
  log(`  ${target} ${metric}: ${value.toFixed(1)}`);
}

async function withPage(browser: Browser, target: Target, use: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // tsx compiles the probes with esbuild's keepNames, whose `__name` helper the page lacks.
  await context.addInitScript('globalThis.__name = (target) => target;');
  try {
    const page = await context.newPage();
    await target.ready(page);
    await use(page);
  } finally {
    await context.close();
  }
}

async function measureOpen(browser: Browser, target: Target, samples: Samples): Promise<void> {
  await withPage(browser, target, async (page) => {
    await probe.watchLongTasks(page);
    record(samples, 'open: newest entries painted', target.name, await probe.clickThreadUntilPainted(page, NEWEST_MARKER, OPEN_TIMEOUT_MS));
    await page.waitForTimeout(500);
    record(samples, 'open: longest task', target.name, await probe.longestTaskMs(page));
    record(samples, 'open: DOM nodes', target.name, await probe.domNodeCount(page));
    record(samples, 'open: JS heap', target.name, await probe.heapUsedMiB(page));
  });
}

async function measureScroll(browser: Browser, target: Target, samples: Samples): Promise<void> {
  await withPage(browser, target, async (page) => {
    await probe.clickThreadUntilPainted(page, NEWEST_MARKER, OPEN_TIMEOUT_MS);
    await page.waitForTimeout(300);
    const scrolled = await probe.scrollToTop(page, OLDEST_MARKER, SCROLL_STEP_PX, SCROLL_TIMEOUT_MS);
    const frames = probe.frameStats(scrolled.frames);
    record(samples, 'scroll to top: median frame', target.name, frames.medianMs);
    record(samples, 'scroll to top: p95 frame', target.name, frames.p95Ms);
    record(samples, 'scroll to top: longest frame', target.name, frames.maxMs);
    record(samples, 'scroll to top: time (reached top)', target.name, scrolled.reachedTop ? scrolled.elapsedMs : Number.POSITIVE_INFINITY);
  });
}

/**
 * What the plain page does in a streaming scenario: what Baton's page does. It holds the entries
 * Baton's holds on opening the thread (its newest page; none in a fresh thread) and applies the
 * pieces in Baton's batches of about a frame (../components/baton-client/frame-batched.ts).
 */
function baselineStreamWork(scenario: StreamScenario): BaselineWork {
  return { entries: scenario.thread === 'long' ? FIRST_PAGE_ENTRIES : 0, batchMs: FRAME_MS };
}

/**
 * The plain page streaming as `scenario` does: restarted first when the relay is (a cold server),
 * freshly loaded, the long thread's newest page opened or nothing (a fresh thread).
 */
async function measureBaselineStream(
  browser: Browser,
  baseline: BaselineServer,
  scenario: StreamScenario,
  samples: Samples,
  run: number,
): Promise<void> {
  if (scenario.relay === 'cold') await baseline.restart();
  const work = baselineStreamWork(scenario);
  const target: Target = { name: 'baseline', ready: async (page) => void (await page.goto(baselineAddress(baseline.current(), work))) };
  await withPage(browser, target, async (page) => {
    if (scenario.thread === 'long') await probe.clickThreadUntilPainted(page, NEWEST_MARKER, OPEN_TIMEOUT_MS);
    await page.waitForTimeout(500);
    const figures = await measureStreamOn(page, run);
    const label = `${describeBaselineWork(work, ENTRIES, true)}; ${scenario.relay === 'cold' ? 'its server started just before' : 'its server warm'}`;
    recordStream(samples, scenarioName(scenario, ENTRIES), 'baseline', figures, scenario === STREAM_SCENARIOS[1], label);
  });
}

/** The plain page's server, which a cold scenario starts again. */
interface BaselineServer {
  current(): BaselinePage;
  restart(): Promise<void>;
}

/** Every scenario's longest task; the frames and the pace for the long thread with a warm relay, as before. */
function recordStream(
  samples: Samples,
  name: string,
  target: Target['name'],
  figures: StreamFigures,
  withFrames: boolean,
  baselineLabel?: string,
): void {
  record(samples, `${name}: longest task`, target, figures.longestTaskMs, baselineLabel);
  if (!withFrames) return;
  record(samples, `${name}: median frame`, target, figures.medianFrameMs, baselineLabel);
  record(samples, `${name}: longest frame`, target, figures.longestFrameMs, baselineLabel);
  record(samples, `${name}: pieces shown/s`, target, figures.piecesPerSecond, baselineLabel);
}

const UNITS: Record<string, string> = { 'open: DOM nodes': 'nodes', 'open: JS heap': 'MiB' };
const GOALS: Record<string, number> = {
  'open: newest entries painted': 500,
  'open: DOM nodes': 3_000,
  'open: longest task': 50,
};
const unitOf = (metric: string) => UNITS[metric] ?? (metric.endsWith('pieces shown/s') ? '/s' : 'ms');
const goalOf = (metric: string) => GOALS[metric] ?? (metric.startsWith('stream') && metric.endsWith('longest task') ? 50 : undefined);

export async function runBrowserBench(options: { runs?: number; log?: (line: string) => void } = {}): Promise<BenchRow[]> {
  const runs = options.runs ?? Number(process.env.BENCH_RUNS ?? 3);
  log = options.log ?? ((line: string) => process.stderr.write(`bench:browser: ${line}\n`));
  const entries = longThreadEntries(ENTRIES);
  // Each stream run answers with its own end marker: the answers of earlier runs stay in the thread.
  let streamRun = 0;
  const pieces = () => streamedAnswerPieces(PIECES, streamRun);
  const model = await startScriptedModelServer({
    script: () => ({ blocks: [{ type: 'text', text: pieces().join('') }], delayBetweenDeltasMs: PIECE_GAP_MS }),
    keepRequests: false,
  });
  const workspace = await makeTempFolder('bench-browser');
  const cleanups: (() => Promise<void>)[] = [() => workspace.remove(), () => model.close()];
  try {
    const dataDir = path.join(workspace.path, '.baton');
    log(`seeding a thread of ${ENTRIES} entries`);
    const longThreadId = await seedLongThread(dataDir, entries);
    const startRelay = () => startRelayProcess({ workspaceRoot: workspace.path, dataDir, modelBaseUrl: model.url });
    // The cold scenarios restart it: the relay stopped last is the one running now.
    const restartRelay = async (running: Awaited<ReturnType<typeof startRelay>>) => {
      await running.stop();
      return startRelay();
    };
    const streamTarget = new BatonStreamTarget(await startRelay(), restartRelay, longThreadId);
    cleanups.unshift(() => streamTarget.current().stop());
    let baselinePage = await startBaselinePage(entries, pieces, PIECE_GAP_MS);
    cleanups.unshift(() => baselinePage.close());
    const baselineServer: BaselineServer = {
      current: () => baselinePage,
      async restart() {
        await baselinePage.close();
        baselinePage = await startBaselinePage(entries, pieces, PIECE_GAP_MS);
      },
    };
    const browser = await chromium.launch({ executablePath: CHROMIUM_LAUNCH.executablePath, args: [...CHROMIUM_LAUNCH.args] });
    cleanups.unshift(() => browser.close());

    const baton: Target = {
      name: 'Baton',
      async ready(page) {
        await page.goto(streamTarget.current().url);
        await page.getByTestId('thread-item').first().waitFor();
      },
    };
    const baseline: Target = { name: 'baseline', ready: async (page) => void (await page.goto(baselineAddress(baselinePage, {}))) };
    // Interleaved, the first of each pair alternating, so a busy moment weighs on both alike.
    const pairs = (run: number): Target[] => (run % 2 === 0 ? [baton, baseline] : [baseline, baton]);
    const samples: Samples = {};
    const streamOnly = process.env.BENCH_BROWSER_ONLY === 'stream';
    const longRows = streamOnly ? [] : await runLongThreadBench(browser, log);
    if (LONG_ONLY) return longRows;
    for (let run = 0; run < runs && !streamOnly; run++) {
      log(`open, run ${run + 1} of ${runs}`);
      for (const target of pairs(run)) await measureOpen(browser, target, samples);
    }
    for (let run = 0; run < runs && !streamOnly; run++) {
      log(`scroll to top, run ${run + 1} of ${runs}`);
      for (const target of pairs(run)) await measureScroll(browser, target, samples);
    }
    for (let run = 0; run < runs; run++) {
      log(`stream ${PIECES} pieces, run ${run + 1} of ${runs}`);
      for (const target of pairs(run)) {
        if (target.name === 'baseline') {
          for (const scenario of STREAM_SCENARIOS) {
            streamRun += 1;
            log(`  baseline ${scenarioName(scenario, ENTRIES)}`);
            await measureBaselineStream(browser, baselineServer, scenario, samples, streamRun);
          }
          continue;
        }
        for (const scenario of STREAM_SCENARIOS) {
          streamRun += 1;
          const name = scenarioName(scenario, ENTRIES);
          log(`  ${name}`);
          recordStream(samples, name, 'Baton', await streamTarget.measure(browser, scenario, streamRun), scenario === STREAM_SCENARIOS[1]);
        }
      }
    }
    log('first-load JavaScript');
    const firstLoad = streamOnly ? undefined : await measureFirstLoadJs(browser, streamTarget.current().url);

    const label = describeBaselineWork({}, ENTRIES, false);
    const rows: BenchRow[] = Object.entries(samples).map(([metric, values]) => {
      const goal = goalOf(metric);
      return {
        item: ITEM,
        metric,
        unit: unitOf(metric),
        value: median(values.Baton),
        baseline: median(values.baseline),
        baselineLabel: values.baselineLabel ?? label,
        load: `${values.loads[0]}–${values.loads.at(-1)}`,
        ...(goal === undefined ? {} : { goal: { below: goal } }),
      };
    });
    rows.push(...longRows);
    if (firstLoad)
      rows.push({
        item: '6 size',
        metric: `chat page first-load JS (${firstLoad.files} files, ${Math.round(firstLoad.rawKiB)} KiB raw)`,
        unit: 'KiB gz',
        value: firstLoad.gzipKiB,
        goal: { below: 250 },
      });
    return rows;
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

/** Sections 4 and 6 of `npm run bench`, as `npm run bench:browser` prints them alone. */
export async function browserBench(options: { runs?: number } = {}): Promise<void> {
  const runs = options.runs ?? Number(process.env.BENCH_RUNS ?? 3);
  console.log(
    `\n== 4 and 6. Browser and size: Chromium, thread of ${ENTRIES} entries, ${PIECES} pieces streamed ${1000 / PIECE_GAP_MS}/s; medians of ${runs} interleaved runs; then one thread of ${LONG_ENTRIES} entries, one run.`,
  );
  console.log(formatBenchRows(await runBrowserBench({ runs })));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await browserBench();
