/**
 * The scripted model in a process of its own, so that streaming costs the relay's process and the
 * client's nothing: `node --import tsx bench/stream-model-child.ts` prints `ready <url>`. Over IPC
 * the bench prepares the next answer (`prepare` {pieces, rate}) and reads when its request arrived
 * and when each piece left (`sentAt`: { requestAt, sentAt }), on the machine's monotonic clock.
 */
import { answerIpc, monotonicMs } from './ipc-peer';
import { startStreamModel, type StreamRun } from './stream-model';

const model = await startStreamModel(monotonicMs);
let run: StreamRun | undefined;
answerIpc((message) => {
  if (message.type === 'prepare') {
    run = model.prepare(Number(message.pieces), message.rate === undefined ? undefined : Number(message.rate));
    return null;
  }
  if (message.type === 'sentAt') {
    if (!run) throw new Error('no answer was prepared');
    return { requestAt: run.requestAt, sentAt: Array.from(run.sentAt) };
  }
  throw new Error(`unknown request ${message.type}`);
});
process.stdout.write(`ready ${model.server.url}\n`);
process.once('SIGTERM', () => {
  void model.close().then(() => process.exit(0));
});
