/**
 * For start-up-packages.test.ts: starts a relay the way the command line does (default agents, no
 * UI), then prints as one JSON line the packages loaded by then, named as in node_modules.
 */
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
const loaded = new Set<string>();
port1.on('message', (url: string) => loaded.add(packageName(url)));
port1.unref();
register('./package-load-hooks.mjs', { parentURL: import.meta.url, data: { port: port2 }, transferList: [port2] });

function packageName(url: string): string {
  const inside = url.slice(url.lastIndexOf('/node_modules/') + '/node_modules/'.length).split('/');
  return inside[0]?.startsWith('@') ? `${inside[0]}/${inside[1]}` : (inside[0] ?? url);
}

async function main(): Promise<void> {
  const { startTestRelay } = await import('./relay-support');
  const relay = await startTestRelay();
  // The hook thread's last messages arrive on a later turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 100));
  process.stdout.write(`${JSON.stringify([...loaded].sort())}\n`);
  await relay.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`fixture failed: ${String(error)}\n`);
  process.exit(1);
});
