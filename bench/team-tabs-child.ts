/**
 * Many tabs in one process, each a socket.io connection as a tab's (bench/stream-client.ts):
 * `node --import tsx bench/team-tabs-child.ts <origin>...` (token in BENCH_TOKEN) connects a tab
 * to each origin named, in order, and prints `ready <tabs>`. Over IPC: a JSON-RPC
 * request from one tab (`request` {tab, method, params}), every tab's arrivals of the next answer
 * (`expect` {pieces, timeoutMs}, each on the machine's monotonic clock), and the end of the turn a
 * tab watches (`turnFinished` {tab}).
 */
import { answerIpc, monotonicMs } from './ipc-peer';
import { connectStreamClient } from './stream-client';
import type { ExpectedPieces } from './stream-client-child';

const origins = process.argv.slice(2);
if (origins.length === 0) throw new Error('usage: team-tabs-child.ts <origin of each tab>...');
const tabs = await Promise.all(origins.map((origin) => connectStreamClient(origin, process.env.BENCH_TOKEN || undefined, monotonicMs)));
const tab = (index: unknown) => {
  const found = tabs[Number(index)];
  if (!found) throw new Error(`no tab ${String(index)}`);
  return found;
};

answerIpc(async (message) => {
  switch (message.type) {
    case 'request':
      return tab(message.tab).request(String(message.method), message.params ?? null);
    case 'expect': {
      const expected = tabs.map((client) => client.expect(Number(message.pieces)));
      let timer: NodeJS.Timeout | undefined;
      const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, Number(message.timeoutMs))));
      await Promise.race([Promise.all(expected.map(({ done }) => done)), timeUp]);
      clearTimeout(timer);
      return expected.map(
        ({ log }): ExpectedPieces => ({ receivedAt: Array.from(log.receivedAt), count: log.count, misordered: log.misordered }),
      );
    }
    case 'turnFinished':
      return tab(message.tab)
        .turnFinished()
        .then(() => null);
    default:
      throw new Error(`unknown request ${message.type}`);
  }
});
process.stdout.write(`ready ${tabs.length}\n`);
process.once('SIGTERM', () => {
  for (const client of tabs) client.close();
  process.exit(0);
});
