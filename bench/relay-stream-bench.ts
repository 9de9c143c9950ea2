/**
 * Bench item 1, relay overhead: the scripted model streams N numbered text pieces through the real
 * relay (built-in agent → hub → recorder → store → socket.io) to a socket.io client, and the same
 * stream through a plain socket.io forwarder, A and B interleaved. Pieces per second, latency per
 * piece (model write to client arrival, one clock), and every piece checked for loss, repetition
 * and order.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatNumber, formatTable, interleaved, median, numbersFromEnv, percentile, QUICK, ratio, section } from './bench-stats';
import { startChild } from './child-process';
import { connectStreamClient, type StreamClient } from './stream-client';
import { startStreamModel, type StreamModel } from './stream-model';

const PACED_RATE = 5_000;
const RUN_TIMEOUT_MS = 15 * 60_000;

interface RunResult {
  piecesPerSecond: number;
  latencies: number[];
  received: number;
  misordered: number;
}

interface Contender {
  name: string;
  run(pieces: number, rate: number | undefined): Promise<RunResult>;
}

async function streamOnce(
  model: StreamModel,
  client: StreamClient,
  pieces: number,
  rate: number | undefined,
  prompt: (chatId: string) => Promise<void>,
  setUp: () => Promise<string>,
): Promise<RunResult> {
  const chatId = await setUp();
  const run = model.prepare(pieces, rate);
  const { log, done } = client.expect(pieces);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`only ${log.count} of ${pieces} pieces arrived in ${RUN_TIMEOUT_MS} ms`)), RUN_TIMEOUT_MS);
  });
  try {
    await Promise.race([Promise.all([done, prompt(chatId)]), timeout]);
  } finally {
    clearTimeout(timer);
  }
  let last = 0;
  const latencies: number[] = [];
  for (let index = 0; index < pieces; index += 1) {
    const arrived = log.receivedAt[index] ?? 0;
    last = Math.max(last, arrived);
    if (arrived > 0) latencies.push(arrived - (run.sentAt[index] ?? 0));
  }
  const elapsed = last - (run.sentAt[0] ?? 0);
  return { piecesPerSecond: (pieces * 1000) / elapsed, latencies, received: log.count, misordered: log.misordered };
}

function relayContender(model: StreamModel, client: StreamClient): Contender {
  return {
    name: 'relay',
    run: (pieces, rate) =>
      streamOnce(
        model,
        client,
        pieces,
        rate,
        async (chatId) => {
          const finished = client.turnFinished();
          await client.request('chat/prompt', { chatId, message: 'stream' });
          // The next run starts once this turn is recorded to its end, not while it still writes.
          await finished;
        },
        async () => {
          const { threadId } = (await client.request('createThread', null)) as { threadId: string };
          await client.request('openThread', { threadId });
          return threadId;
        },
      ),
  };
}

function plainContender(model: StreamModel, client: StreamClient): Contender {
  return {
    name: 'plain socket.io',
    run: (pieces, rate) =>
      streamOnce(model, client, pieces, rate, async (chatId) => void (await client.request('chat/prompt', { chatId })), async () => 'plain'),
  };
}

/** BENCH_MODE=max or paced runs only that mode (a paced run of 100,000 pieces alone takes 20 s a side). */
function ratesFromEnv(): Array<number | undefined> {
  const mode = process.env.BENCH_MODE;
  if (mode === undefined || mode === '') return [undefined, PACED_RATE];
  if (mode === 'max') return [undefined];
  if (mode === 'paced') return [PACED_RATE];
  throw new Error(`BENCH_MODE must be max or paced, not ${JSON.stringify(mode)}`);
}

function runsFor(pieces: number): number {
  if (process.env.BENCH_RUNS) return Number(process.env.BENCH_RUNS);
  return pieces <= 5_000 ? 5 : 3;
}

export async function relayStreamBench(): Promise<void> {
  const sizes = numbersFromEnv('BENCH_N', QUICK ? [1_000, 5_000] : [1_000, 20_000, 100_000]);
  section('1. Relay overhead: model → relay → socket.io client, against a plain socket.io forwarder', [
    `N pieces as fast as possible ("max") and paced at ${formatNumber(PACED_RATE)}/s; median over interleaved runs.`,
    'latency = model write → client arrival; "added" = relay minus plain. "bad" = pieces lost, repeated or out of order.',
  ]);
  const model = await startStreamModel();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'baton-bench-relay-'));
  const token = randomBytes(24).toString('hex');
  // BENCH_PROFILE=<folder>: the relay writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const relay = await startChild([...profile, '--import', 'tsx', 'bench/relay-child.ts', model.server.url, dataDir], { env: { BENCH_TOKEN: token } });
  const plain = await startChild(['--import', 'tsx', 'bench/plain-forwarder.ts', model.server.url]);
  const relayClient = await connectStreamClient(relay.address, token);
  const plainClient = await connectStreamClient(plain.address);
  const contenders = [relayContender(model, relayClient), plainContender(model, plainClient)];
  const rows: string[][] = [];
  try {
    // One untimed warm-up of each, so that neither pays for JIT and connection set-up in its figures.
    for (const contender of contenders) await contender.run(200, undefined);
    for (const pieces of sizes) {
      for (const rate of ratesFromEnv()) {
        const [relayRuns, plainRuns] = await interleaved(
          runsFor(pieces),
          contenders.map((contender) => () => contender.run(pieces, rate)),
        );
        rows.push(row(pieces, rate, relayRuns!, plainRuns!));
      }
    }
  } finally {
    relayClient.close();
    plainClient.close();
    await relay.stop();
    await plain.stop();
    await model.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(
    formatTable(
      ['N', 'mode', 'relay/s', 'plain/s', 'relay/plain', 'relay µs/piece', 'relay p50', 'relay p99', 'plain p50', 'plain p99', 'added p50', 'added p99', 'bad'],
      rows,
    ),
  );
}

function row(pieces: number, rate: number | undefined, relayRuns: RunResult[], plainRuns: RunResult[]): string[] {
  const throughput = (runs: RunResult[]) => median(runs.map((run) => run.piecesPerSecond));
  const latency = (runs: RunResult[], p: number) => median(runs.map((run) => percentile(run.latencies, p)));
  const relayRate = throughput(relayRuns);
  const plainRate = throughput(plainRuns);
  const ms = (value: number) => `${formatNumber(value, 1)} ms`;
  const bad = [...relayRuns, ...plainRuns].reduce((sum, run) => sum + run.misordered + (pieces - run.received), 0);
  return [
    formatNumber(pieces),
    rate === undefined ? 'max' : `${formatNumber(rate)}/s`,
    formatNumber(relayRate),
    formatNumber(plainRate),
    ratio(relayRate, plainRate),
    formatNumber(1e6 / relayRate, 1),
    ms(latency(relayRuns, 50)),
    ms(latency(relayRuns, 99)),
    ms(latency(plainRuns, 50)),
    ms(latency(plainRuns, 99)),
    ms(latency(relayRuns, 50) - latency(plainRuns, 50)),
    ms(latency(relayRuns, 99) - latency(plainRuns, 99)),
    String(bad),
  ];
}
