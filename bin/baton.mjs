#!/usr/bin/env node
/**
 * The launcher. Every shell command, MCP server and agent the relay starts could read the relay's
 * environment block through /proc/<relay pid>/environ, so the relay's block must hold harmless
 * names only (PATH, HOME, locale, Node's own settings) while the relay reads its secrets from the
 * whole environment it was given (server/launch/launch-environment.ts).
 *
 * Where this process can rewrite its own block (Linux: ./environment-block.mjs), it keeps the
 * whole environment in memory, clears the block and becomes the relay itself: one process at
 * rest, in the foreground of whoever started it, stopped by its Ctrl-C, its exit code theirs.
 * Elsewhere it starts the relay as a child with a clean block (./relay-child.mjs) and stays to
 * keep the secrets out of it.
 */
import { clearEnvironmentBlock } from './environment-block.mjs';

/** Where the relay's bundle finds the environment this process was started with. */
const LAUNCH_ENVIRONMENT = Symbol.for('baton.launch-environment');

const environment = { ...process.env };
if (clearEnvironmentBlock()) {
  globalThis[LAUNCH_ENVIRONMENT] = environment;
  await import('./baton-relay.mjs');
} else {
  const { startRelayChild } = await import('./relay-child.mjs');
  startRelayChild(environment);
}
