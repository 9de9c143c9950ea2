/**
 * The three contenders of the streaming bench, each a server process of its own with a client
 * process of its own connected to it over socket.io, fed by one scripted model process:
 * - Baton: a freshly started relay (bench/relay-child.ts) on a data folder of its own;
 * - batching plain: a plain socket.io forwarder sending the pieces of one event-loop turn as one packet;
 * - per-piece plain: the same forwarder sending every piece as its own packet.
 * An answer is timed from the model's sending to the client's receiving, on one clock.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHECKPOINT_INTERVAL_MS } from '../server/store/wal-checkpoints';
import { IDLE_COLLECTION_DELAY_MS } from '../server/relay/idle-collection';
import { type BenchChild, startChild } from './child-process';
import { type ClockOffset, measureOffset } from './clock-offset';
import { monotonicMs } from './ipc-peer';
import { answerLatency, type AnswerLatency } from './piece-latency';
import type { ExpectedPieces } from './stream-client-child';

export type ContenderKind = 'baton' | 'batched' | 'each';

export const CONTENDER_NAMES: Record<ContenderKind, string> = {
  baton: 'Baton relay',
  batched: 'plain, a packet a turn',
  each: 'plain, a packet a piece',
};

const RUN_TIMEOUT_MS = 15 * 60_000;

export interface ModelProcess {
  url: string;
  child: BenchChild;
  offset: ClockOffset;
}

export interface AnswerResult extends AnswerLatency {
  /**
   * Milliseconds from the prompt's sending (by the bench, to the client) to the model's receiving
   * the request: what the server does before the model can start (recording the prompt, building
   * the request; in a fresh relay, starting what reads the model).
   */
  promptToRequest: number;
  received: number;
  misordered: number;
  /** Server CPU time (user + system) per piece, µs. */
  cpuPerPiece: number;
  /** Bytes the server process sent to storage per piece. */
  bytesPerPiece: number;
  /** Milliseconds the server's main thread spent paused for garbage collection in the answer. */
  gcMs: number;
}

/**
 * How long an answer waits once its turn has ended, before the next answer (any contender's) starts:
 * `disk` until the server's writes have stopped, its checkpoint included, for the disk figure;
 * `checkpoint` only as long as that checkpoint can take to begin, for an answer whose first piece
 * alone is counted (its disk figure is not used).
 */
export type AnswerSettle = 'disk' | 'checkpoint';

export interface Contender {
  kind: ContenderKind;
  answer(pieces: number, rate: number | undefined, settle?: AnswerSettle): Promise<AnswerResult>;
  stop(): Promise<void>;
}

export async function startModelProcess(): Promise<ModelProcess> {
  const child = await startChild(['--import', 'tsx', 'bench/stream-model-child.ts'], { ipc: true });
  const offset = await measureOffset(() => child.peer!.ask<number>({ type: 'clock' }), monotonicMs);
  return { url: child.address, child, offset };
}

/**
 * BENCH_PROFILE=<folder>: each server (the relay and the plain forwarders alike) writes a CPU
 * profile into <folder>/<contender> when it stops (open it in Chrome's DevTools), sampled every
 * 100 µs: at Node's default of 1 ms a 1,000-piece answer is a few dozen samples.
 */
function profileArguments(kind: ContenderKind): string[] {
  const folder = process.env.BENCH_PROFILE;
  return folder ? ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${path.join(folder, kind)}`] : [];
}

/**
 * How long the server's write_bytes must stay the same before an answer is over. The turn's writes
 * include the checkpoint that copies its commits into the database, which begins at the store's
 * second look after the last commit (server/store/wal-checkpoints.ts), so within two checkpoint
 * intervals; its writes start the wait again. The disk figure waits a third interval, so that a
 * checkpoint slow to finish is counted too; either way no contender's answer starts while Baton's
 * checkpoint runs on the machine's other core.
 */
const QUIET_MS: Record<AnswerSettle, number> = { disk: 3 * CHECKPOINT_INTERVAL_MS + 100, checkpoint: 2 * CHECKPOINT_INTERVAL_MS + 300 };
// The relay's collection once idle comes within either wait, so an answer's GC and CPU count it.
if (Math.min(...Object.values(QUIET_MS)) <= IDLE_COLLECTION_DELAY_MS)
  throw new Error('an answer must settle for longer than the idle collection waits');

/** The server's write_bytes once they have stopped growing for `quietMs`. */
async function settledWriteBytes(server: BenchChild, quietMs: number): Promise<number> {
  let bytes = server.writeBytes();
  let unchangedSince = performance.now();
  while (performance.now() - unchangedSince < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = server.writeBytes();
    if (now !== bytes) {
      bytes = now;
      unchangedSince = performance.now();
    }
  }
  return bytes;
}

/** Starts the server and its client; a relay on a new data folder, with nothing run in it yet. */
export async function startContender(kind: ContenderKind, model: ModelProcess): Promise<Contender> {
  const token = randomBytes(24).toString('hex');
  const dataDir = kind === 'baton' ? await mkdtemp(path.join(os.tmpdir(), 'baton-bench-relay-')) : undefined;
  const server =
    kind === 'baton'
      ? await startChild([...profileArguments(kind), '--import', 'tsx', 'bench/relay-child.ts', model.url, dataDir!], {
          env: { BENCH_TOKEN: token },
          ipc: true,
        })
      : await startChild([...profileArguments(kind), '--import', 'tsx', 'bench/plain-forwarder.ts', model.url, kind], { ipc: true });
  const client = await startChild(['--import', 'tsx', 'bench/stream-client-child.ts', server.address], {
    env: { BENCH_TOKEN: kind === 'baton' ? token : '' },
    ipc: true,
  });
  const clientPeer = client.peer!;
  const serverPeer = server.peer!;
  const clientOffset = await measureOffset(() => clientPeer.ask<number>({ type: 'clock' }), monotonicMs);
  const request = <T>(method: string, params: unknown) => clientPeer.ask<T>({ type: 'request', method, params });
  // One thread, open in the client as in a tab: its first answer is a new thread's (titled from
  // the prompt), each later one a follow-up in the same conversation.
  const { threadId } = await request<{ threadId: string }>('createThread', null);
  await request('openThread', { threadId });

  return {
    kind,
    async answer(pieces, rate, settle = 'disk') {
      await model.child.peer!.ask({ type: 'prepare', pieces, rate });
      const cpuBefore = await serverPeer.ask<number>({ type: 'usage' });
      const gcBefore = await serverPeer.ask<number>({ type: 'gc' });
      const bytesBefore = server.writeBytes();
      const arrived = clientPeer.ask<ExpectedPieces>({ type: 'expect', pieces, timeoutMs: RUN_TIMEOUT_MS });
      const finished = clientPeer.ask({ type: 'turnFinished' });
      const promptAt = monotonicMs();
      await request('chat/prompt', { chatId: threadId, message: 'stream' });
      const log = await arrived;
      // The turn is recorded to its end, and what follows it has settled, before the figures are
      // read: its checkpoint's writes and CPU, and the collection a relay makes once idle
      // (server/relay/idle-collection.ts), are the answer's, not the next one's or nobody's.
      if (log.count === pieces) await finished;
      const bytesAfter = await settledWriteBytes(server, QUIET_MS[settle]);
      const cpuAfter = await serverPeer.ask<number>({ type: 'usage' });
      const gcAfter = await serverPeer.ask<number>({ type: 'gc' });
      const { requestAt, sentAt } = await model.child.peer!.ask<{ requestAt: number; sentAt: number[] }>({ type: 'sentAt' });
      const latency = answerLatency({
        sentAt,
        receivedAt: log.receivedAt,
        modelOffset: model.offset.offset,
        clientOffset: clientOffset.offset,
      });
      return {
        ...latency,
        promptToRequest: requestAt - model.offset.offset - promptAt,
        received: log.count,
        misordered: log.misordered,
        cpuPerPiece: (cpuAfter - cpuBefore) / pieces,
        bytesPerPiece: (bytesAfter - bytesBefore) / pieces,
        gcMs: gcAfter - gcBefore,
      };
    },
    async stop() {
      await client.stop();
      await server.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
