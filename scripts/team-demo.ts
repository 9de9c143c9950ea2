/**
 * `npm run team:demo [-- --data DIR]`: a team of three relays behind nginx on this machine
 * (server/relay/team/demo/team-demo.ts), until Ctrl-C. The relays' own lines go to stderr.
 */
import { parseArgs } from 'node:util';
import { startTeamDemo } from '../server/relay/team/demo/team-demo';

const USAGE = "Usage: npm run team:demo [-- --data DIR]   (DIR keeps the workspace, the relays' folders and the database)";

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { data: { type: 'string' }, help: { type: 'boolean', default: false } }, strict: true });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const log = (line: string) => process.stderr.write(`${line}\n`);
  log('Starting PostgreSQL, Redis, three relays and nginx…');
  const demo = await startTeamDemo({ dataDir: values.data, log });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping the relays, nginx, Redis and PostgreSQL…`);
    demo.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`stop failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
  const lines = [
    '',
    'Baton team demo running. Open:',
    `  ${demo.url}`,
    '  nginx, balancing the three relays; sticky by client address, so every tab of this machine lands on one relay.',
    "Each relay's own address (same token; open another to watch a turn that runs elsewhere):",
    ...demo.relays.map((relay) => `  ${relay.id}  ${relay.url}`),
    `PostgreSQL  ${demo.databaseUrl}  threads and the leases that say which relay runs each`,
    `Redis       ${demo.redisUrl}  socket.io's adapter: every relay's events reach every relay's tabs`,
    `Data        ${demo.dataDir}  ${demo.keptData ? '(kept)' : '(temporary, removed on exit)'}`,
    'Ctrl-C stops everything.',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  process.stderr.write(`team demo: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
