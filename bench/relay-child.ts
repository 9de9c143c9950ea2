/**
 * The real relay (hub, recorder, store, socket.io) without the UI, in a process of its own, on the
 * built-in agent talking to the bench's scripted model: `node --import tsx bench/relay-child.ts
 * <model-url> <data-dir> [<database-url> [<redis-url> <relay-id>]]`, the last two making it one
 * relay of a team. Prints `ready <origin>`; the token is BENCH_TOKEN.
 */
import { startRelay } from '../server/relay/relay';
import { answerIpc } from './ipc-peer';

const [modelUrl, dataDir, databaseUrl, redisUrl, relayId] = process.argv.slice(2);
if (!modelUrl || !dataDir) throw new Error('usage: relay-child.ts <model-url> <data-dir>');
const token = process.env.BENCH_TOKEN;
if (!token) throw new Error('BENCH_TOKEN must be set');

const relay = await startRelay({
  host: '127.0.0.1',
  port: 0,
  workspaceRoot: dataDir,
  dataDir,
  databaseUrl,
  token,
  env: { NODE_ENV: 'production', ANTHROPIC_API_KEY: 'bench-key', ANTHROPIC_BASE_URL: modelUrl, BATON_MODEL: 'scripted-bench-model' },
  log: (message) => process.stderr.write(`relay: ${message}\n`),
  serveUi: false,
  team: redisUrl && relayId ? { redisUrl, relayId } : undefined,
});
process.stdout.write(`ready ${new URL(relay.url).origin}\n`);
// The bench reads this process's clock and CPU time over IPC when it started it with a channel.
if (process.send) answerIpc();
process.once('SIGTERM', () => {
  relay.close().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`relay close failed: ${String(error)}\n`);
      process.exit(1);
    },
  );
});
