/**
 * The tab side of the streaming bench in a process of its own, connected over socket.io as a tab
 * is: `node --import tsx bench/stream-client-child.ts <origin>` (token in BENCH_TOKEN, if any)
 * prints `ready <origin>`. Over IPC the bench makes JSON-RPC requests through its socket
 * (`request`), waits for an answer's pieces (`expect`, which answers when the last has arrived or
 * the time is up, with each piece's arrival on the machine's monotonic clock) and for the end of a
 * turn (`turnFinished`).
 */
import { answerIpc, monotonicMs } from './ipc-peer';
import { connectStreamClient } from './stream-client';

const [origin] = process.argv.slice(2);
if (!origin) throw new Error('usage: stream-client-child.ts <origin>');
const client = await connectStreamClient(origin, process.env.BENCH_TOKEN || undefined, monotonicMs);

export interface ExpectedPieces {
  receivedAt: number[];
  count: number;
  misordered: number;
}

answerIpc(async (message) => {
  switch (message.type) {
    case 'request':
      return client.request(String(message.method), message.params ?? null);
    case 'expect': {
      const { log, done } = client.expect(Number(message.pieces));
      let timer: NodeJS.Timeout | undefined;
      const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, Number(message.timeoutMs))));
      await Promise.race([done, timeUp]);
      clearTimeout(timer);
      return { receivedAt: Array.from(log.receivedAt), count: log.count, misordered: log.misordered } satisfies ExpectedPieces;
    }
    case 'turnFinished':
      return client.turnFinished().then(() => null);
    default:
      throw new Error(`unknown request ${message.type}`);
  }
});
process.stdout.write(`ready ${origin}\n`);
process.once('SIGTERM', () => {
  client.close();
  process.exit(0);
});
