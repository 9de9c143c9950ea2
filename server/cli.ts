/**
 * `baton [--port N] [--host H] [--workspace DIR] [--data-dir DIR]`: starts the relay and prints
 * one line, `Baton ready: <url>`, when it is ready.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureUiBuild } from './relay/ensure-ui-build';
import { startRelay } from './relay/relay';

const DEFAULT_PORT = 4780;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: String(DEFAULT_PORT) },
      host: { type: 'string', default: '127.0.0.1' },
      workspace: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write('Usage: baton [--port N] [--host H] [--workspace DIR] [--data-dir DIR]\n');
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, not ${values.port}`);
  if (!isLoopback(values.host)) {
    throw new Error('Baton only listens on loopback addresses for now (127.0.0.1, ::1, localhost).');
  }
  const workspaceRoot = path.resolve(values.workspace ?? process.cwd());
  const dataDir = path.resolve(values['data-dir'] ?? path.join(workspaceRoot, '.baton'));
  const log = (message: string) => process.stderr.write(`baton: ${message}\n`);
  // Scripts read stdout for the ready line alone; libraries' chatter (Next.js logs) goes to stderr.
  console.log = console.error;
  console.info = console.error;

  await ensureUiBuild(log);
  const relay = await startRelay({
    host: values.host,
    port,
    workspaceRoot,
    dataDir,
    token: process.env.BATON_TOKEN || undefined,
    env: process.env,
    log,
  });
  process.stdout.write(`Baton ready: ${relay.url}\n`);
  log(`workspace ${workspaceRoot}, data in ${dataDir}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    relay.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`stop failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

main().catch((error: unknown) => {
  process.stderr.write(`baton: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
