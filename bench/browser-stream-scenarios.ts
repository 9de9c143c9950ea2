/**
 * The streaming part of the browser bench: an answer of PIECES pieces streamed into a fresh (empty)
 * thread and into the thread of 5,000 entries, each with the relay warm (it has served streams
 * before) and cold (started just before the page is loaded), the page freshly loaded every time;
 * beside the plain page appending the same pieces. Each run's figures carry the load average.
 */
import type { Browser, Page } from '@playwright/test';
import { NEWEST_MARKER } from '../e2e/support/long-thread';
import type { RelayProcess } from '../e2e/support/relay-process';
import * as probe from './browser-probes';
import { streamEndMarker } from './browser-stream-answer';

export const PIECES = 2_000;
/** 200 pieces a second. */
export const PIECE_GAP_MS = 5;
const OPEN_TIMEOUT_MS = 60_000;
const STREAM_TIMEOUT_MS = 45_000;

export interface StreamScenario {
  /** Where the answer streams to: a thread made by the prompt, or the long thread. */
  thread: 'fresh' | 'long';
  relay: 'warm' | 'cold';
}

export const STREAM_SCENARIOS: readonly StreamScenario[] = [
  { thread: 'fresh', relay: 'warm' },
  { thread: 'long', relay: 'warm' },
  { thread: 'fresh', relay: 'cold' },
  { thread: 'long', relay: 'cold' },
];

export function scenarioName(scenario: StreamScenario, entries: number): string {
  const thread = scenario.thread === 'fresh' ? 'fresh thread' : `${entries.toLocaleString('en')} entries`;
  return `stream into ${thread}, ${scenario.relay} relay`;
}

export interface StreamFigures {
  longestTaskMs: number;
  medianFrameMs: number;
  longestFrameMs: number;
  piecesPerSecond: number;
}

/** What a page answers within `ms`, else `fallback`: a page whose main thread never frees up cannot answer. */
export async function within<T>(ms: number, answer: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Streams run `run`'s answer into the page `open` has prepared: long tasks counted from just
 * before the prompt is sent until the answer's last piece is on screen.
 */
export async function measureStreamOn(page: Page, run: number): Promise<StreamFigures & { finished: boolean }> {
  await probe.watchLongTasks(page);
  // The page checks its own deadline, but a main thread that never frees up cannot: a second one here.
  const streamed = await within(
    STREAM_TIMEOUT_MS + 15_000,
    probe.streamUntilShown(page, `Stream run ${run}`, streamEndMarker(run), STREAM_TIMEOUT_MS),
    { frames: [Number.POSITIVE_INFINITY], elapsedMs: Number.POSITIVE_INFINITY, finished: false },
  );
  const frames = probe.frameStats(streamed.frames);
  return {
    finished: streamed.finished,
    longestTaskMs: await within(10_000, probe.longestTaskMs(page), Number.POSITIVE_INFINITY),
    medianFrameMs: frames.medianMs,
    longestFrameMs: frames.maxMs,
    piecesPerSecond: streamed.finished ? PIECES / (streamed.elapsedMs / 1000) : 0,
  };
}

/** Baton's side: a relay (restarted first when cold), a freshly loaded page, the thread opened or a new one. */
export class BatonStreamTarget {
  /** The long thread keeps what earlier runs streamed into it: its newest entry is the last such run's answer. */
  private longNewest = NEWEST_MARKER;

  constructor(
    private relay: RelayProcess,
    private readonly restartRelay: (relay: RelayProcess) => Promise<RelayProcess>,
    private readonly longThreadId: string,
  ) {}

  current(): RelayProcess {
    return this.relay;
  }

  async measure(browser: Browser, scenario: StreamScenario, run: number): Promise<StreamFigures> {
    if (scenario.relay === 'cold') this.relay = await this.restartRelay(this.relay);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // tsx compiles the probes with esbuild's keepNames, whose `__name` helper the page lacks.
    await context.addInitScript('globalThis.__name = (target) => target;');
    try {
      const page = await context.newPage();
      await page.goto(this.relay.url);
      await page.getByTestId('thread-item').first().waitFor();
      if (scenario.thread === 'long') await probe.clickThreadUntilPainted(page, this.longNewest, OPEN_TIMEOUT_MS, this.longThreadId);
      await page.waitForTimeout(500);
      const figures = await measureStreamOn(page, run);
      if (scenario.thread === 'long' && figures.finished) this.longNewest = streamEndMarker(run);
      return figures;
    } finally {
      await context.close();
    }
  }
}
