/**
 * `npm run bench [-- --quick] [-- --only=1,2]`: every figure next to a baseline measured in the
 * same run, as a ratio, from medians of interleaved runs. Sections: 0 framing, 1 relay overhead,
 * 2 recording, 3 history, 4 browser with 6 size (also alone: `npm run bench:browser`), 5 start-up
 * and memory, 7 search, 8 workspace checkpoints, 9 the sandbox's start-up cost per command, 10 the
 * guard's judging of a command line, 11 a team of three relays under load against one relay
 * (bench/team-load-bench.ts, its scale in BENCH_TEAM_*).
 * BENCH_N, BENCH_RECORD_N, BENCH_MEMORY_PIECES, BENCH_HISTORY_THREADS, BENCH_HISTORY_ENTRIES,
 * BENCH_SEARCH_THREADS, BENCH_CHECKPOINT_FILES, BENCH_SANDBOX_RUNS and BENCH_RUNS override workload sizes and run counts; BENCH_MODE=max or
 * paced runs section 1 in that mode alone, BENCH_RATES and BENCH_PACED_SECONDS set its paced rates
 * and answer length; BENCH_PROFILE=<folder> has the servers of section 1 write CPU profiles there.
 */
import { QUICK } from './bench-stats';
import { browserBench } from './browser-bench';
import { checkpointBench } from './checkpoint-bench';
import { framingBench } from './framing-bench';
import { guardBench } from './guard-bench';
import { historyBench } from './history-bench';
import { recordingBench } from './recording-bench';
import { relayStreamBench } from './relay-stream-bench';
import { sandboxBench } from './sandbox-bench';
import { searchBench } from './search-bench';
import { startupMemoryBench } from './startup-memory-bench';
import { teamLoadBench } from './team-load-bench';

const sections: Record<string, () => Promise<void>> = {
  '0': framingBench,
  '1': relayStreamBench,
  '2': recordingBench,
  '3': historyBench,
  // Section 6, the page's size, comes with 4: both are read from the built page.
  '4': () => browserBench(QUICK && process.env.BENCH_RUNS === undefined ? { runs: 1 } : {}),
  '5': startupMemoryBench,
  '7': searchBench,
  '8': checkpointBench,
  '9': sandboxBench,
  '10': guardBench,
  '11': teamLoadBench,
};

const only = process.argv
  .find((argument) => argument.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
console.log(`Baton bench, Node ${process.version}${QUICK ? ', quick workloads' : ''}. Ratios: Baton / baseline, same run.`);
for (const [name, run] of Object.entries(sections)) {
  if (only && !only.includes(name)) continue;
  await run();
}
