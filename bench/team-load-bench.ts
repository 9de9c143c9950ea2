/**
 * Bench section 11, a team under load: TABS tabs (socket.io clients spread over CLIENTS client
 * processes) watch TURNS threads whose turns stream at once from a scripted model process, through
 * a team of three relay processes (one PostgreSQL, one Redis) and, as the baseline, through one
 * relay process on the same PostgreSQL server without Redis: the same tabs, turns and pieces.
 * Figures: events (streamed pieces) delivered to tabs per second, and the latency of a piece from
 * the model's send to a tab's receipt (one clock: clock-offset.ts), p50 and p99 over every piece of
 * every tab.
 * BENCH_TEAM_TABS, BENCH_TEAM_TURNS, BENCH_TEAM_PIECES (per turn), BENCH_TEAM_RATE (pieces/s per
 * turn), BENCH_TEAM_CLIENTS (processes) and BENCH_TEAM_RUNS set its scale.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTemporaryRedis } from '../server/relay/team/temporary-redis';
import { startTemporaryPostgres } from '../server/store/temporary-postgres';
import { formatNumber, formatTable, interleaved, loadRange, numbersFromEnv, percentile, QUICK, ratio, section } from './bench-stats';
import { type BenchChild, startChild } from './child-process';
import { type ClockOffset, measureOffset } from './clock-offset';
import { monotonicMs } from './ipc-peer';
import { answerLatency } from './piece-latency';
import type { ExpectedPieces } from './stream-client-child';

const scale = (name: string, fallback: number) => numbersFromEnv(`BENCH_TEAM_${name}`, [fallback])[0]!;
const ROUND_TIMEOUT_MS = 5 * 60_000;

interface Setup {
  name: string;
  relays: BenchChild[];
  clients: Array<{ child: BenchChild; offset: ClockOffset; tabs: number[] }>;
  threads: string[];
  dataDir: string;
  /** A JSON-RPC request from tab `tab` (numbered over all client processes). */
  request<T>(tab: number, method: string, params: unknown): Promise<T>;
}

interface Round {
  delivered: number;
  expected: number;
  misordered: number;
  eventsPerSecond: number;
  latencies: number[];
  load: string;
}

export async function teamLoadBench(): Promise<void> {
  const tabs = scale('TABS', 200);
  const turns = scale('TURNS', 20);
  const pieces = scale('PIECES', QUICK ? 100 : 200);
  const rate = scale('RATE', 30);
  const clientCount = scale('CLIENTS', 4);
  const runs = scale('RUNS', QUICK ? 1 : 2);
  if (turns > tabs)
    throw new Error(`BENCH_TEAM_TURNS (${turns}) must not exceed BENCH_TEAM_TABS (${tabs}): each turn is prompted from a tab`);
  section(`11. A team under load: ${tabs} tabs, ${turns} concurrent turns of ${pieces} pieces at ${rate}/s each`, [
    'team = three relay processes on one PostgreSQL database and one Redis server (socket.io adapter); one relay = a relay process on',
    `the same PostgreSQL server, no Redis. Tab i watches thread i mod ${turns}; in the team it connects directly to relay (i + ⌊i / ${turns}⌋) mod 3,`,
    `so each thread's tabs are on every relay (as a balancer hashing many client addresses spreads them); tab t < ${turns} prompts`,
    'thread t, so every relay runs turns. The tabs live in',
    `${clientCount} client processes, the model in one more. events/s = pieces received by all tabs / (first piece sent → last received);`,
    'latency = model send → tab receive on one clock, every piece of every tab; interleaved runs, each after a warm-up round;',
    'both setups stay started throughout, the one not measured idle with its tabs connected.',
    `Offered: each tab gets ${rate} pieces/s, ${formatNumber(tabs * rate)} events/s in all; a setup that keeps up delivers close to that.`,
    "load = 1-minute load average of this 2-core machine at each measured run's start and end.",
  ]);
  const postgres = await startTemporaryPostgres();
  const redis = await startTemporaryRedis();
  const model = await startChild(['--import', 'tsx', 'bench/team-load-model-child.ts'], { ipc: true });
  const modelOffset = await measureOffset(() => model.peer!.ask<number>({ type: 'clock' }), monotonicMs);
  const setups: Setup[] = [];
  const results: Round[][] = [];
  try {
    for (const [name, relayIds] of [
      ['one relay', [undefined]],
      ['team of three', ['relay-a', 'relay-b', 'relay-c']],
    ] as const) {
      const databaseUrl = await postgres.createDatabase(`bench_${setups.length}`);
      setups.push(
        await startSetup(name, relayIds, model.address, databaseUrl, relayIds.length > 1 ? redis.url : undefined, tabs, turns, clientCount),
      );
    }
    const round = (setup: Setup, roundPieces: number) => runRound(setup, model, modelOffset.offset, turns, roundPieces, rate);
    for (const setup of setups) await round(setup, 20);
    results.push(
      ...(await interleaved(
        runs,
        setups.map((setup) => () => round(setup, pieces)),
      )),
    );
  } finally {
    for (const setup of setups) await stopSetup(setup);
    await model.stop();
    await redis.stop();
    await postgres.stop();
  }
  const rows = setups.map((setup, index) => figures(setup.name, results[index]!));
  const ms = (value: number) => `${formatNumber(value, 1)} ms`;
  console.log(
    formatTable(
      ['setup', 'events delivered', 'lost', 'misordered', 'events/s', 'p50', 'p99', 'load'],
      rows.map((row) => [
        row.name,
        formatNumber(row.delivered),
        formatNumber(row.lost),
        formatNumber(row.misordered),
        formatNumber(row.eventsPerSecond),
        ms(row.p50),
        ms(row.p99),
        row.load,
      ]),
    ),
  );
  const [one, team] = rows as [Figures, Figures];
  console.log(`team / one relay: events/s ${ratio(team.eventsPerSecond, one.eventsPerSecond)}, p99 ${ratio(team.p99, one.p99)}`);
}

async function startSetup(
  name: string,
  relayIds: readonly (string | undefined)[],
  modelUrl: string,
  databaseUrl: string,
  redisUrl: string | undefined,
  tabs: number,
  turns: number,
  clientCount: number,
): Promise<Setup> {
  const token = randomBytes(24).toString('hex');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'baton-bench-team-'));
  const setup: Setup = {
    name,
    relays: [],
    clients: [],
    threads: [],
    dataDir,
    request: (tab, method, params) => request(tab, method, params),
  };
  // One at a time: the first migrates the database.
  for (const relayId of relayIds) {
    const folder = await mkdtemp(path.join(dataDir, 'relay-'));
    const team = redisUrl && relayId ? [redisUrl, relayId] : [];
    setup.relays.push(
      await startChild(['--import', 'tsx', 'bench/relay-child.ts', modelUrl, folder, databaseUrl, ...team], {
        env: { BENCH_TOKEN: token },
        ipc: true,
      }),
    );
  }
  for (let client = 0; client < clientCount; client += 1) {
    const own = Array.from({ length: tabs }, (_unused, tab) => tab).filter((tab) => tab % clientCount === client);
    if (own.length === 0) continue;
    // A thread's k-th tab on the relay after its (k-1)-th: each thread's tabs spread over every relay.
    const origins = own.map((tab) => setup.relays[(tab + Math.floor(tab / turns)) % setup.relays.length]!.address);
    const child = await startChild(['--import', 'tsx', 'bench/team-tabs-child.ts', ...origins], { env: { BENCH_TOKEN: token }, ipc: true });
    setup.clients.push({ child, offset: await measureOffset(() => child.peer!.ask<number>({ type: 'clock' }), monotonicMs), tabs: own });
  }
  function request<T>(tab: number, method: string, params: unknown): Promise<T> {
    const client = setup.clients.find((candidate) => candidate.tabs.includes(tab))!;
    return client.child.peer!.ask<T>({ type: 'request', tab: client.tabs.indexOf(tab), method, params });
  }
  for (let turn = 0; turn < turns; turn += 1)
    setup.threads.push((await request<{ threadId: string }>(turn, 'createThread', null)).threadId);
  await Promise.all(Array.from({ length: tabs }, (_unused, tab) => request(tab, 'openThread', { threadId: setup.threads[tab % turns] })));
  return setup;
}

/** Every turn prompted at once, each from its own tab; done when every tab has every piece (or time is up) and every turn has ended. */
async function runRound(setup: Setup, model: BenchChild, modelOffset: number, turns: number, pieces: number, rate: number): Promise<Round> {
  const load = loadRange();
  await model.peer!.ask({ type: 'prepare', pieces, rate });
  const arrivals = setup.clients.map(({ child }) =>
    child.peer!.ask<ExpectedPieces[]>({ type: 'expect', pieces, timeoutMs: ROUND_TIMEOUT_MS }),
  );
  const finished = setup.threads.map((_thread, turn) => {
    const client = setup.clients.find((candidate) => candidate.tabs.includes(turn))!;
    return client.child.peer!.ask({ type: 'turnFinished', tab: client.tabs.indexOf(turn) });
  });
  await Promise.all(setup.threads.map((chatId, turn) => setup.request(turn, 'chat/prompt', { chatId, message: `turn ${turn}` })));
  const received = await Promise.all(arrivals);
  await Promise.all(finished);
  const sentAt = await model.peer!.ask<Record<string, number[]>>({ type: 'sentAt' });
  const round: Round = { delivered: 0, expected: 0, misordered: 0, eventsPerSecond: 0, latencies: [], load: '' };
  let lastArrival = Number.NEGATIVE_INFINITY;
  setup.clients.forEach(({ tabs, offset }, clientIndex) => {
    tabs.forEach((tab, index) => {
      const log = received[clientIndex]![index]!;
      const sent = sentAt[tab % turns];
      if (!sent) throw new Error(`the model never streamed turn ${tab % turns} of ${setup.name}`);
      const latency = answerLatency({ sentAt: sent, receivedAt: log.receivedAt, modelOffset, clientOffset: offset.offset });
      round.latencies.push(...latency.every);
      round.delivered += log.count;
      round.expected += pieces;
      round.misordered += log.misordered;
      for (const at of log.receivedAt) if (at > 0) lastArrival = Math.max(lastArrival, at - offset.offset);
    });
  });
  const firstSent = Math.min(...Object.values(sentAt).map((times) => times[0]! - modelOffset));
  round.eventsPerSecond = (round.delivered * 1000) / (lastArrival - firstSent);
  round.load = load.until();
  return round;
}

interface Figures {
  name: string;
  delivered: number;
  lost: number;
  misordered: number;
  eventsPerSecond: number;
  p50: number;
  p99: number;
  load: string;
}

function figures(name: string, rounds: Round[]): Figures {
  const latencies = rounds.flatMap((round) => round.latencies);
  const delivered = rounds.reduce((sum, round) => sum + round.delivered, 0);
  return {
    name,
    delivered,
    lost: rounds.reduce((sum, round) => sum + round.expected, 0) - delivered,
    misordered: rounds.reduce((sum, round) => sum + round.misordered, 0),
    eventsPerSecond: percentile(
      rounds.map((round) => round.eventsPerSecond),
      50,
    ),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    load: rounds.map((round) => round.load).join(', '),
  };
}

async function stopSetup(setup: Setup): Promise<void> {
  for (const { child } of setup.clients) await child.stop();
  for (const relay of setup.relays) await relay.stop();
  await rm(setup.dataDir, { recursive: true, force: true });
}
