/**
 * Bench section 5, start-up and memory: time from launch to the ready line of `bin/baton.mjs` with
 * the UI (and the relay's bundle) already built, on a new data folder and on one used before,
 * against a plain socket.io server started as Baton starts (plain Node on a built file, no tsx:
 * plain-forwarder-bundle.ts); then Baton's RSS idle, with 100 threads open, after streaming many
 * pieces and at rest after that, against that server's. Baton's RSS is what it holds: the process
 * started and every process below it, summed (each also shown alone). Where the launcher can clear
 * its environment block it becomes the relay, and that is one process.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureRelayBuild } from '../bin/relay-build.mjs';
import { WORKER_IDLE_END_MS } from '../server/agents/builtin/model-stream-thread';
import { ensureUiBuild } from '../server/relay/ensure-ui-build';
import { formatNumber, formatTable, interleaved, loadAverage, median, numbersFromEnv, QUICK, ratio, section } from './bench-stats';
import { type BenchChild, startChild } from './child-process';
import { buildPlainForwarder } from './plain-forwarder-bundle';
import { connectStreamClient } from './stream-client';
import { startStreamModel, type StreamModel } from './stream-model';

const STARTS = 5;
const OPEN_THREADS = 100;
const PIECES_PER_TURN = 20_000;

/**
 * npm's own command line, to start Baton with `npm start` as the README's second way does: npm
 * stays Baton's parent for as long as Baton runs, and what it holds counts in that row.
 */
function npmCli(): string {
  return process.env.npm_execpath ?? path.join(path.dirname(process.execPath), '../lib/node_modules/npm/bin/npm-cli.js');
}

async function launchRelay(
  model: StreamModel,
  dataDir: string,
  token: string,
  startedWith: 'node' | 'npm start' = 'node',
): Promise<BenchChild> {
  // Baton refuses a workspace that is not there: the folder is made first, as a user's project exists.
  await mkdir(dataDir, { recursive: true });
  const batonArgs = ['--port', '0', '--workspace', dataDir, '--data-dir', path.join(dataDir, '.baton')];
  const command = startedWith === 'node' ? ['bin/baton.mjs', ...batonArgs] : [npmCli(), 'start', '--', ...batonArgs];
  return startChild(command, {
    env: {
      NEXT_TELEMETRY_DISABLED: '1',
      BATON_TOKEN: token,
      ANTHROPIC_API_KEY: 'bench-key',
      ANTHROPIC_BASE_URL: model.server.url,
      BATON_MODEL: 'scripted-bench-model',
    },
    readyLine: /^Baton ready: (http:\/\/\S+)$/m,
  });
}

export async function startupMemoryBench(): Promise<void> {
  const [totalPieces = 1_000_000] = numbersFromEnv('BENCH_MEMORY_PIECES', [QUICK ? 200_000 : 1_000_000]);
  section('5. Start-up and memory: bin/baton.mjs (UI and relay built) against a plain socket.io server started the same way', [
    'Baseline = the plain socket.io forwarder of section 1 compiled to one file and started with plain Node, as the launcher starts the relay.',
    `Start = spawn to ready line, median of ${STARTS} interleaved starts. Baton's RSS = every process of Baton summed, each in brackets (launched process first; the plain server is one).`,
    "The `npm start` row starts the same Baton through npm (`npm start -- ...`), which stays running as Baton's parent; its RSS counts npm too.",
    `RSS after ${OPEN_THREADS} threads opened, and after ${formatNumber(totalPieces)} pieces streamed. load = 1-minute load average when measured.`,
  ]);
  await ensureUiBuild((message) => console.log(message));
  await ensureRelayBuild();
  const plainBundle = await buildPlainForwarder();
  const model = await startStreamModel();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'baton-bench-startup-'));
  const token = randomBytes(24).toString('hex');
  const rows: string[][] = [];
  let relay: BenchChild | undefined;
  let plain: BenchChild | undefined;
  try {
    let start = 0;
    const usedFolder = path.join(folder, 'used');
    await (await launchRelay(model, usedFolder, token)).stop();
    const [relayStarts, relayRestarts, plainStarts] = await interleaved(STARTS, [
      async () => {
        const child = await launchRelay(model, path.join(folder, `start-${start++}`), token);
        await child.stop();
        return child.readyMs;
      },
      async () => {
        const child = await launchRelay(model, usedFolder, token);
        await child.stop();
        return child.readyMs;
      },
      async () => {
        const child = await startChild([plainBundle, model.server.url]);
        await child.stop();
        return child.readyMs;
      },
    ]);
    const startRow = (what: string, starts: number[]) => [
      what,
      `${formatNumber(median(starts))} ms`,
      `${formatNumber(median(plainStarts!))} ms`,
      ratio(median(starts), median(plainStarts!)),
      loadAverage(),
    ];
    rows.push(startRow('start to ready line, new data folder', relayStarts!));
    rows.push(startRow('start to ready line, data folder used before', relayRestarts!));

    relay = await launchRelay(model, path.join(folder, 'memory'), token);
    plain = await startChild([plainBundle, model.server.url]);
    await sleep(1000);
    const plainIdle = plain.rssMiB();
    const baton = relay;
    const row = (what: string, started: BenchChild = baton) => {
      const each = started.treeRssMiB();
      const total = each.reduce((sum, mib) => sum + mib, 0);
      const processes = `${each.length} process${each.length === 1 ? '' : 'es'}: ${each.map(formatNumber).join(' + ')}`;
      return [what, `${formatNumber(total)} MiB (${processes})`, `${formatNumber(plainIdle)} MiB`, ratio(total, plainIdle), loadAverage()];
    };
    rows.push(row('RSS idle, every Baton process'));
    const startedByNpm = await launchRelay(model, path.join(folder, 'npm-start'), token, 'npm start');
    try {
      await sleep(1000);
      rows.push(row("RSS idle, started with `npm start` (npm stays as Baton's parent)", startedByNpm));
    } finally {
      await startedByNpm.stop();
    }

    const client = await connectStreamClient(new URL(relay.address).origin, token);
    const stream = async (threadId: string, pieces: number) => {
      await client.request('openThread', { threadId });
      model.prepare(pieces);
      const { done } = client.expect(pieces);
      const finished = client.turnFinished();
      await client.request('chat/prompt', { chatId: threadId, message: 'stream' });
      await Promise.all([done, finished]);
    };
    const threadIds: string[] = [];
    for (let index = 0; index < OPEN_THREADS; index += 1) {
      const { threadId } = (await client.request('createThread', null)) as { threadId: string };
      threadIds.push(threadId);
      await stream(threadId, 20);
    }
    rows.push(row(`RSS, ${OPEN_THREADS} threads open`));

    // Measured at each quarter: memory that follows the pieces streamed would show as steady growth
    // (one figure to the next also moves with when the collector last ran).
    let streamed = 0;
    let turn = 0;
    for (const goal of [1, 2, 3, 4].map((quarter) => Math.floor((totalPieces * quarter) / 4))) {
      while (streamed < goal) {
        const pieces = Math.min(PIECES_PER_TURN, goal - streamed);
        await stream(threadIds[turn++ % threadIds.length]!, pieces);
        streamed += pieces;
      }
      rows.push(row(`RSS after ${formatNumber(streamed)} pieces`));
    }
    // At rest: the model's thread ends once no answer has come for a while (model-stream-thread.ts).
    await sleep(WORKER_IDLE_END_MS + 5_000);
    rows.push(row(`RSS at rest, ${formatNumber((WORKER_IDLE_END_MS + 5_000) / 1000)} s after the last answer`));
    client.close();
  } finally {
    await relay?.stop();
    await plain?.stop();
    await model.close();
    await rm(folder, { recursive: true, force: true });
  }
  console.log(formatTable(['what', 'Baton (every process)', 'plain socket.io from a built file, idle', 'Baton/plain', 'load'], rows));
}
