/** The first start's build says what it is doing, step by step, and how long it took. */
import { expect, it } from 'vitest';
import { type BuildCommand, buildWithProgress } from './ui-build-progress';

/** A stand-in for `next build`: a real child process that prints its steps on both streams. */
function fakeBuild(script: string): BuildCommand {
  return { file: process.execPath, args: ['-e', script], cwd: process.cwd(), env: { PATH: process.env.PATH } };
}

/** A clock that moves only when the test says so, and a ticker the test fires by hand. */
function manualTime() {
  let ms = 0;
  let tick: (() => void) | undefined;
  return {
    now: () => ms,
    advance: (seconds: number) => (ms += seconds * 1000),
    ticker: (callback: () => void) => {
      tick = callback;
      return () => (tick = undefined);
    },
    tick: () => tick?.(),
  };
}

it('announces the build, passes on each step with the time so far, and ends with how long it took', async () => {
  const time = manualTime();
  const lines: string[] = [];
  await buildWithProgress(
    [
      fakeBuild("console.log('Creating an optimized production build ...'); console.error('\\n  Compiled successfully  ');"),
      async () => {
        time.advance(40);
        time.tick();
      },
      fakeBuild("console.log('Generating static pages (3/3)')"),
      async () => void time.advance(12),
    ],
    { log: (line) => lines.push(line), reason: 'first start', now: time.now, ticker: time.ticker },
  );
  expect(lines[0]).toBe('first start: building the page (about a minute on 2 cores)…');
  expect(lines).toContain('[0 s] Creating an optimized production build ...');
  expect(lines).toContain('[0 s] Compiled successfully');
  // 40 s with a step printed in the tick's period before: no "still building" yet.
  expect(lines.filter((line) => line.startsWith('still building'))).toEqual([]);
  expect(lines).toContain('[40 s] Generating static pages (3/3)');
  expect(lines.at(-1)).toBe('page built in 52 s');
  expect(lines).toHaveLength(5);
});

it('says it is still building when a stretch passes without a step', async () => {
  const time = manualTime();
  const lines: string[] = [];
  await buildWithProgress(
    [
      async () => {
        time.advance(15);
        time.tick();
        time.advance(15);
        time.tick();
      },
    ],
    { log: (line) => lines.push(line), reason: 'first start', now: time.now, ticker: time.ticker },
  );
  expect(lines.slice(1)).toEqual(['still building the page, 15 s so far…', 'still building the page, 30 s so far…', 'page built in 30 s']);
});

it('passes on every line of a failed build before saying it failed, and stops ticking', async () => {
  const time = manualTime();
  const lines: string[] = [];
  const failed = buildWithProgress([fakeBuild("console.error('Type error: x is not a number'); process.exit(3)")], {
    log: (line) => lines.push(line),
    reason: 'first start',
    now: time.now,
    ticker: time.ticker,
  });
  await expect(failed).rejects.toThrow(/the page's build \(-e .*\) exited with 3/);
  expect(lines).toEqual(['first start: building the page (about a minute on 2 cores)…', '[0 s] Type error: x is not a number']);
  time.tick();
  expect(lines).toHaveLength(2);
});
