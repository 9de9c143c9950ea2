/**
 * Bench section 1, streaming: a scripted model process streams N numbered text pieces through the
 * real relay (built-in agent → hub → recorder → store → socket.io) in a process of its own, to a
 * client process connected over socket.io as a tab is; and the same stream through two plain
 * socket.io forwarders (bench/plain-forwarder.ts), one batching pieces as Baton does, one sending
 * each piece alone. Each answer's pieces are checked for loss, repetition and order.
 * Figures: pieces/s as fast as the model streams; at paced rates, from a freshly started server
 * (cold) and from one that has streamed before (warm), latency of the first piece and of every
 * piece (model send → client receive, one clock: clock-offset.ts), server CPU per piece and bytes
 * the server process wrote to storage per piece.
 */
import {
  formatNumber,
  formatTable,
  interleaved,
  loadRange,
  median,
  numbersFromEnv,
  percentile,
  QUICK,
  ratio,
  section,
} from './bench-stats';
import {
  type AnswerResult,
  type AnswerSettle,
  CONTENDER_NAMES,
  type Contender,
  type ContenderKind,
  type ModelProcess,
  startContender,
  startModelProcess,
} from './stream-contenders';
import { numberedText } from './stream-model';

const KINDS: ContenderKind[] = ['baton', 'batched', 'each'];

/**
 * The goal for Baton's disk writes: per piece, at most 4 times the piece's own bytes plus this
 * constant, the same at every rate: two pages of a new SQLite file (server/store/sqlite-page-size.ts),
 * the one a piece committed alone appends to the log, and room for its share of the turn's own
 * commits and of the checkpoints.
 */
const DISK_CONSTANT_BYTES = 2_048;

function runsFromEnv(fallback: number): number {
  return process.env.BENCH_RUNS ? Number(process.env.BENCH_RUNS) : fallback;
}

/**
 * An answer at full speed lasts tens of milliseconds: one moment the machine gives another process
 * moves a run's figure by a third (200 pieces: single runs from 0.3 to 3 times the baseline, on a
 * quiet machine), so these rows take more runs than the paced ones, the shortest answers most: 30
 * runs of 1,000 pieces stream fewer pieces than the five of the 20,000-piece row.
 */
function fullSpeedRuns(pieces: number): number {
  if (pieces <= 1_000) return QUICK ? 5 : 30;
  if (pieces <= 5_000) return QUICK ? 3 : 9;
  return QUICK ? 2 : 5;
}

/**
 * A paced row's answers last seconds, so it takes few of them (3 cold, 5 warm), and the p99 of so
 * few first pieces is their slowest. Short answers at the row's rate (FIRST_PIECE_ANSWER pieces)
 * are added for the first piece alone. Warm, 100 of them: the p99 of 105 is the second slowest,
 * where of 45 it was the slowest, and one late answer in any of the three contenders (up to 22 ms,
 * plain ones included) decided the row. Each waits only for Baton's checkpoint (AnswerSettle): 1.3 s
 * where a disk figure waits 1.6 s, about 5 minutes less over the section's 900 short answers.
 */
const FIRST_PIECE_ANSWER = 20;

function firstPieceAnswers(start: 'cold' | 'warm'): number {
  if (start === 'cold') return QUICK ? 1 : 7;
  return QUICK ? 5 : 100;
}

/** BENCH_MODE=max or paced runs only that part. */
function modes(): { max: boolean; paced: boolean } {
  const mode = process.env.BENCH_MODE;
  if (mode === undefined || mode === '') return { max: true, paced: true };
  if (mode === 'max' || mode === 'paced') return { max: mode === 'max', paced: mode === 'paced' };
  throw new Error(`BENCH_MODE must be max or paced, not ${JSON.stringify(mode)}`);
}

interface Measured {
  answer: string;
  start: 'warm' | 'cold';
  pieces: number;
  results: Record<ContenderKind, AnswerResult[]>;
  /** Every counted answer's first-piece latency: the runs', and the short answers' of a paced row. */
  firsts: Record<ContenderKind, number[]>;
  /** The same answers' time from the prompt to the model's request (AnswerResult.promptToRequest). */
  prompts: Record<ContenderKind, number[]>;
  load: string;
}

/** Every contender's answers, interleaved; cold ones start a fresh server and client for each answer. */
async function measure(
  warm: Record<ContenderKind, Contender> | undefined,
  model: ModelProcess,
  pieces: number,
  rate: number | undefined,
  runs: number,
  shortAnswers = 0,
): Promise<Pick<Measured, 'results' | 'firsts' | 'prompts'>> {
  // A warm row starts with one answer per contender that is not counted. In the first row it
  // warms the processes up (their first answer's code compiled, their thread opened); after a
  // row, what that row left (a cold row starts and stops nine processes; the model's collector has
  // a row of other answers to catch up on) is not this row's, and it fell on the first answers
  // counted, the first pieces most: up to 20 ms late in the first or second.
  if (warm) for (const kind of KINDS) await warm[kind].answer(pieces, rate);
  const answers = (length: number, count: number, settle: AnswerSettle) =>
    interleaved(
      count,
      KINDS.map((kind) => async () => {
        if (warm) return warm[kind].answer(length, rate, settle);
        const contender = await startContender(kind, model);
        try {
          return await contender.answer(length, rate, settle);
        } finally {
          await contender.stop();
        }
      }),
    );
  const results = await answers(pieces, runs, 'disk');
  const short = await answers(FIRST_PIECE_ANSWER, shortAnswers, 'checkpoint');
  const counted = (index: number) => [...results[index]!, ...short[index]!];
  const firstsOf = (index: number) => counted(index).map((answer) => answer.first);
  const promptsOf = (index: number) => counted(index).map((answer) => answer.promptToRequest);
  return {
    results: { baton: results[0]!, batched: results[1]!, each: results[2]! },
    firsts: { baton: firstsOf(0), batched: firstsOf(1), each: firstsOf(2) },
    prompts: { baton: promptsOf(0), batched: promptsOf(1), each: promptsOf(2) },
  };
}

export async function relayStreamBench(): Promise<void> {
  const sizes = numbersFromEnv('BENCH_N', [200, 1_000, 5_000, 20_000]);
  const rates = numbersFromEnv('BENCH_RATES', [100, 1_000, 5_000]);
  const pacedSeconds = numbersFromEnv('BENCH_PACED_SECONDS', [QUICK ? 1 : 3])[0]!;
  const { max, paced } = modes();
  section('1. Streaming: model process → server process → socket.io client process, Baton relay against two plain socket.io forwarders', [
    'Baselines, each a process doing the same socket work without a store: "plain, a packet a turn" sends the pieces that arrived in one',
    'event-loop turn as ONE packet (a JSON-RPC batch, as Baton sends a committed batch); "plain, a packet a piece" sends each piece alone.',
    "Both read the model through the same SDK call as Baton with the thread's conversation so far (its prompts and answers, as Baton",
    "sends it; Baton's system prompt and tool definitions add 6 KB), emit to the thread's room, and tell the end of the turn. All run with tsx.",
    "Baton makes that SDK call in a worker thread of its own (the relay's thread records and sends); the plain ones make it on their one thread.",
    "prompt→model = the bench's sending the prompt → the model's receiving the request (what the server does before the model starts);",
    "latency = model send → client receive on one clock; first = the answer's first piece, over the row's runs and, paced, over",
    `${firstPieceAnswers('warm')} more warm answers (${firstPieceAnswers('cold')} more fresh starts) of ${FIRST_PIECE_ANSWER} pieces at the row's rate; every = all pieces of the runs.`,
    "CPU = server process user+system per piece (all its threads); GC = its main thread's garbage collection pauses per answer (median);",
    "disk = its /proc write_bytes per piece (the plain ones store nothing); all three from the prompt until the server's writes have",
    "settled after the turn: Baton's checkpoint and the collection its relay makes once no turn runs count as the answer's.",
    'cold = a freshly started server (new data folder) and client for every answer, the first answer of a new thread;',
    'warm = the same processes, each answer a follow-up in one thread, after one uncounted answer each at the start of the row.',
    "load = 1-minute load average of this 2-core machine at the row's first and last run.",
  ]);
  const model = await startModelProcess();
  console.log(
    `clock: model offset ${formatNumber(model.offset.offset, 3)} ms ± ${formatNumber(model.offset.uncertainty, 3)} ms (0 = one clock, CLOCK_MONOTONIC)`,
  );
  const warm = {} as Record<ContenderKind, Contender>;
  const measured: Measured[] = [];
  try {
    for (const kind of KINDS) warm[kind] = await startContender(kind, model);
    if (max) {
      for (const pieces of sizes) {
        const before = loadRange();
        const answers = await measure(warm, model, pieces, undefined, runsFromEnv(fullSpeedRuns(pieces)));
        measured.push({ answer: `${formatNumber(pieces)} max`, start: 'warm', pieces, ...answers, load: before.until() });
      }
    }
    if (paced) {
      for (const rate of rates) {
        const pieces = Math.max(200, rate * pacedSeconds);
        for (const start of ['cold', 'warm'] as const) {
          const before = loadRange();
          const answers = await measure(
            start === 'warm' ? warm : undefined,
            model,
            pieces,
            rate,
            runsFromEnv(start === 'cold' ? (QUICK ? 2 : 3) : QUICK ? 3 : 5),
            firstPieceAnswers(start),
          );
          measured.push({ answer: `${formatNumber(pieces)} at ${formatNumber(rate)}/s`, start, pieces, ...answers, load: before.until() });
        }
      }
    }
  } finally {
    for (const contender of Object.values(warm)) await contender.stop();
    await model.child.stop();
  }
  const maxRows = measured.filter((row) => row.answer.endsWith('max'));
  if (maxRows.length > 0) {
    console.log('\npieces/s, as fast as the model streams (median of interleaved runs; from the first piece sent to the last received):');
    console.log(
      formatTable(
        [
          'N',
          'Baton/s',
          'plain, a packet a turn/s',
          'plain, a packet a piece/s',
          'Baton/packet a turn',
          'Baton/packet a piece',
          'Baton/packet a turn, runs: least, quartiles, most',
          'bad',
          'load',
        ],
        maxRows.map(throughputRow),
      ),
    );
  }
  console.log('\nlatency, CPU and disk per contender ("Baton/this" compares Baton\'s figure with this baseline\'s):');
  console.log(
    formatTable(
      [
        'answer',
        'start',
        'contender',
        'prompt→model p50 / p99',
        'first p50',
        'first p99',
        'every p50',
        'every p99',
        'CPU µs/piece',
        'GC ms/answer',
        'disk B/piece',
        'Baton/this first p99',
        'Baton/this every p50',
        'Baton/this CPU',
        'load',
      ],
      measured.flatMap(latencyRows),
    ),
  );
  const pacedRows = measured.filter((row) => !row.answer.endsWith('max'));
  if (pacedRows.length > 0) {
    console.log(
      `\nBaton's disk writes per piece against 4 × the piece's bytes + ${formatNumber(DISK_CONSTANT_BYTES)} B (the same constant at every rate):`,
    );
    console.log(
      formatTable(['answer', 'start', 'piece B', 'disk B/piece', '4 × piece + constant', 'within', 'load'], pacedRows.map(diskRow)),
    );
  }
}

const throughput = (runs: AnswerResult[]) => median(runs.map((run) => run.piecesPerSecond));

function throughputRow({ pieces, results, load }: Measured): string[] {
  const bad = KINDS.flatMap((kind) => results[kind]).reduce((sum, run) => sum + run.misordered + (pieces - run.received), 0);
  const baton = throughput(results.baton);
  return [
    formatNumber(pieces),
    formatNumber(baton),
    formatNumber(throughput(results.batched)),
    formatNumber(throughput(results.each)),
    ratio(baton, throughput(results.batched)),
    ratio(baton, throughput(results.each)),
    runSpread(results.baton, results.batched),
    String(bad),
    load,
  ];
}

/**
 * The ratio of each run to the baseline's run beside it, as their least, quartiles and most: how far
 * one run's figure can be trusted.
 */
function runSpread(baton: AnswerResult[], baseline: AnswerResult[]): string {
  const ratios = baton.map((run, index) => run.piecesPerSecond / baseline[index]!.piecesPerSecond);
  return [0, 25, 50, 75, 100].map((p) => formatNumber(percentile(ratios, p), 2)).join(' ');
}

interface Figures {
  firstP50: number;
  firstP99: number;
  everyP50: number;
  everyP99: number;
  cpu: number;
  gc: number;
  disk: number;
}

function figures(runs: AnswerResult[], firsts: number[]): Figures {
  // Every piece of every run together: one slow run shows in p99 as it would to a user.
  const every = runs.flatMap((run) => run.every);
  return {
    firstP50: percentile(firsts, 50),
    firstP99: percentile(firsts, 99),
    everyP50: percentile(every, 50),
    everyP99: percentile(every, 99),
    cpu: median(runs.map((run) => run.cpuPerPiece)),
    gc: median(runs.map((run) => run.gcMs)),
    disk: median(runs.map((run) => run.bytesPerPiece)),
  };
}

/** Baton's disk writes per piece against the goal (DISK_CONSTANT_BYTES), a row per paced answer. */
function diskRow({ answer, start, pieces, results, load }: Measured): string[] {
  const pieceBytes = Buffer.byteLength(numberedText(pieces)) / pieces;
  const disk = median(results.baton.map((run) => run.bytesPerPiece));
  const allowed = 4 * pieceBytes + DISK_CONSTANT_BYTES;
  return [answer, start, formatNumber(pieceBytes, 1), formatNumber(disk), formatNumber(allowed), disk <= allowed ? 'yes' : 'NO', load];
}

function latencyRows({ answer, start, results, firsts, prompts, load }: Measured): string[][] {
  const baton = figures(results.baton, firsts.baton);
  const ms = (value: number) => `${formatNumber(value, 1)} ms`;
  return KINDS.map((kind) => {
    const own = figures(results[kind], firsts[kind]);
    const compare =
      kind === 'baton'
        ? ['', '', '']
        : [ratio(baton.firstP99, own.firstP99), ratio(baton.everyP50, own.everyP50), ratio(baton.cpu, own.cpu)];
    return [
      answer,
      start,
      CONTENDER_NAMES[kind],
      `${formatNumber(percentile(prompts[kind], 50), 1)} / ${ms(percentile(prompts[kind], 99))}`,
      ms(own.firstP50),
      ms(own.firstP99),
      ms(own.everyP50),
      ms(own.everyP99),
      formatNumber(own.cpu, 1),
      formatNumber(own.gc, 1),
      formatNumber(own.disk),
      ...compare,
      load,
    ];
  });
}
