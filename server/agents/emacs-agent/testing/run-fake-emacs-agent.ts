/**
 * Runs the fake Emacs-Agent backend on its own, for the browser tests and by hand:
 *
 *   node --import tsx server/agents/emacs-agent/testing/run-fake-emacs-agent.ts [--port N] [--token T]
 *
 * Prints its base URL (for config.json's `url`) as the first line of stdout, then serves until
 * SIGTERM or SIGINT. A prompt saying "crash" stops it (exit code 1). Keywords:
 * fake-emacs-agent-script.ts.
 */
import { parseArgs } from 'node:util';
import { startFakeEmacsAgent } from './fake-emacs-agent-server';

const { values } = parseArgs({ options: { port: { type: 'string' }, token: { type: 'string' } } });
const fake = await startFakeEmacsAgent({
  port: values.port === undefined ? undefined : Number(values.port),
  token: values.token,
  onCrash: () => process.exit(1),
});
process.stdout.write(`${fake.url}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
}
