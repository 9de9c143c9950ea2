#!/usr/bin/env node
/**
 * The launcher. Every shell command, MCP server and agent the relay starts could read the relay's
 * environment through /proc/<relay pid>/environ, which no change to process.env alters; so the
 * relay is started with an environment of harmless names only (PATH, HOME, locale, Node's own
 * settings), and the launcher hands it the whole environment, secrets included, over a pipe on
 * file descriptor 3 (server/launch/launch-environment.ts). The pipe stays open while the launcher
 * lives: a relay whose launcher is gone stops. Signals reach the relay, and the launcher exits as
 * the relay did.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RELAY_ENTRY = fileURLToPath(new URL('./baton-relay.mjs', import.meta.url));
const LAUNCH_FD = 3;
/** Names Node, the shell and the locale need from the start; nothing that could hold a secret. */
const PLAIN_NAMES = new Set(['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'TZ', 'TMPDIR', 'LANG', 'LANGUAGE',
  'NODE_ENV', 'NODE_OPTIONS', 'NODE_PATH', 'NODE_EXTRA_CA_CERTS', 'UV_THREADPOOL_SIZE', 'NEXT_TELEMETRY_DISABLED']);

const plainEnvironment = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => PLAIN_NAMES.has(name) || name.startsWith('LC_')),
);
const relay = spawn(process.execPath, [...process.execArgv, RELAY_ENTRY, ...process.argv.slice(2)], {
  env: { ...plainEnvironment, BATON_LAUNCH_FD: String(LAUNCH_FD) },
  stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
});
relay.stdio[LAUNCH_FD].write(`${JSON.stringify(process.env)}\n`);
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
