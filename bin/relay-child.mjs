/**
 * The relay as a child of the launcher, where the launcher cannot clear its own environment block
 * (./environment-block.mjs): the child starts with plain names only and is handed the whole
 * environment over a pipe on file descriptor 3 (server/launch/launch-environment.ts). The pipe
 * stays open while the launcher lives: a relay whose launcher is gone stops. Signals reach the
 * relay, and the launcher exits as the relay did.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isPlainName } from './environment-block.mjs';

const RELAY_ENTRY = fileURLToPath(new URL('./baton-relay.mjs', import.meta.url));
const LAUNCH_FD = 3;

/** Starts the relay with `environment` (the launcher's own, secrets included) over the pipe. */
export function startRelayChild(environment) {
  const plainEnvironment = Object.fromEntries(Object.entries(environment).filter(([name]) => isPlainName(name)));
  const relay = spawn(process.execPath, [...process.execArgv, RELAY_ENTRY, ...process.argv.slice(2)], {
    env: { ...plainEnvironment, BATON_LAUNCH_FD: String(LAUNCH_FD) },
    stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
  });
  relay.stdio[LAUNCH_FD].write(`${JSON.stringify(environment)}\n`);
  // The relay watches this pipe for the launcher's end. A write that fails because the relay is
  // already gone needs no report of its own: the relay's exit, just below, is the report.
  relay.stdio[LAUNCH_FD].on('error', () => undefined);

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (relay.exitCode === null && relay.signalCode === null) relay.kill(signal);
    });
  }
  relay.once('error', (error) => {
    process.stderr.write(`baton: could not start the relay: ${error.message}\n`);
    process.exit(1);
  });
  relay.once('exit', (code, signal) => {
    if (signal) {
      // Ends the launcher the way the relay ended, so whoever started it sees the same.
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code ?? 1);
  });
}
