/**
 * The model of the team load bench in a process of its own: `node --import tsx
 * bench/team-load-model-child.ts` prints `ready <url>`. Many turns stream at once, each told
 * apart by its prompt (`turn <n>`): every streamed answer is the numbered pieces of
 * bench/stream-model.ts, paced at a rate per turn. Over IPC the bench prepares the next round
 * (`prepare` {pieces, rate}) and reads when each turn's pieces left (`sentAt`, on the machine's
 * monotonic clock).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startScriptedModelServer } from '../server/demo-model/scripted-model-server';
import { answerIpc, monotonicMs } from './ipc-peer';
import { numberedText } from './stream-model';

let round = { pieces: 1, rate: 1, text: numberedText(1), sentAt: new Map<number, Float64Array>() };

const server = await startScriptedModelServer({
  script: (request) => {
    const turn = /turn (\d+)/.exec(JSON.stringify(request.messages.at(-1)))?.[1];
    // Only a turn's streamed answer is measured; anything else (a title) gets a short reply.
    if (request.stream !== true || turn === undefined) return { blocks: [{ type: 'text', text: 'ok' }] };
    const current = round;
    const sentAt = new Float64Array(current.pieces);
    current.sentAt.set(Number(turn), sentAt);
    let startedAt = 0;
    return {
      blocks: [{ type: 'text', text: current.text }],
      beforeDelta: (index) => {
        if (index === 0) startedAt = performance.now();
        const wait = startedAt + (index * 1000) / current.rate - performance.now();
        const stamp = () => {
          sentAt[index] = monotonicMs();
        };
        if (wait >= 1) return sleep(wait).then(stamp);
        stamp();
        return undefined;
      },
    };
  },
  keepRequests: false,
});

answerIpc((message) => {
  if (message.type === 'prepare') {
    const pieces = Number(message.pieces);
    round = { pieces, rate: Number(message.rate), text: numberedText(pieces), sentAt: new Map() };
    return null;
  }
  if (message.type === 'sentAt') return Object.fromEntries([...round.sentAt].map(([turn, times]) => [turn, Array.from(times)]));
  throw new Error(`unknown request ${message.type}`);
});
process.stdout.write(`ready ${server.url}\n`);
process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
