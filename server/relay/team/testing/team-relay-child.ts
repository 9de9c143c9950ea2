/**
 * One relay of a team in a process of its own, for the fault tests (relay-takeover.test.ts), so
 * that it can be SIGKILLed: argv is its folder, the PostgreSQL URL, the Redis URL, its relay id,
 * the scripted model's URL and the token. Prints `{ origin }` as one JSON line once it listens;
 * logs go to stderr, each line led by the relay id. SIGTERM closes it.
 */
import path from 'node:path';
import { startRelay } from '../../relay';

const [folder, databaseUrl, redisUrl, relayId, modelUrl, token] = process.argv.slice(2) as [string, string, string, string, string, string];
const relay = await startRelay({
  host: '127.0.0.1',
  port: 0,
  workspaceRoot: folder,
  dataDir: path.join(folder, '.baton'),
  databaseUrl,
  token,
  env: { NODE_ENV: 'test', ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: modelUrl, BATON_MODEL: 'scripted' },
  log: (message) => process.stderr.write(`${relayId}: ${message}\n`),
  serveUi: false,
  team: { redisUrl, relayId },
});
process.stdout.write(`${JSON.stringify({ origin: new URL(relay.url).origin })}\n`);
process.once('SIGTERM', () => {
  void relay.close().finally(() => process.exit(0));
});
