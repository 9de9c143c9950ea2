/**
 * The relay's side of bin/baton.mjs. The relay's environment block (what /proc/<pid>/environ shows
 * every process of the user, the relay's own children included) holds harmless names only: the
 * launcher either cleared its own block and became the relay, handing over the whole environment
 * in memory, or started the relay as a child with a clean block and sends the whole environment
 * over a pipe. `process.env` holds what the block holds, so a child spawned without an explicit
 * environment inherits no secret either; the relay reads its settings and keys from
 * `launchEnvironment()` instead.
 */
import { readSync } from 'node:fs';
import { Socket } from 'node:net';
import { z } from 'zod';

const LAUNCH_FD_VARIABLE = 'BATON_LAUNCH_FD';
const MAX_ENVIRONMENT_BYTES = 4 * 1024 * 1024;
const EnvironmentSchema = z.record(z.string(), z.string());
/** Where bin/baton.mjs leaves the environment when it becomes the relay itself. */
const HANDED_OVER = Symbol.for('baton.launch-environment');

let cached: NodeJS.ProcessEnv | undefined;

/** The launcher's environment; `process.env` when the relay was started without the launcher. */
export function launchEnvironment(): NodeJS.ProcessEnv {
  cached ??= takeHandedOver() ?? readLaunchEnvironment();
  return cached;
}

function takeHandedOver(): NodeJS.ProcessEnv | undefined {
  const holder = globalThis as { [HANDED_OVER]?: unknown };
  const handedOver = holder[HANDED_OVER];
  if (handedOver === undefined) return undefined;
  // Taken once: the environment then lives here alone.
  delete holder[HANDED_OVER];
  return EnvironmentSchema.parse(handedOver) as NodeJS.ProcessEnv;
}

function launchFd(): number | undefined {
  const value = process.env[LAUNCH_FD_VARIABLE];
  return value === undefined ? undefined : Number(value);
}

function readLaunchEnvironment(): NodeJS.ProcessEnv {
  const fd = launchFd();
  if (fd === undefined) return process.env;
  // Read synchronously and only up to the line's end: the same pipe then tells of the launcher's end.
  const chunk = Buffer.alloc(64 * 1024);
  const received: Buffer[] = [];
  let size = 0;
  for (;;) {
    const count = readSync(fd, chunk, 0, chunk.length, null);
    if (count === 0) throw new Error('The launcher closed its pipe before sending the environment.');
    received.push(Buffer.from(chunk.subarray(0, count)));
    size += count;
    if (chunk.subarray(0, count).includes(0x0a)) break;
    if (size > MAX_ENVIRONMENT_BYTES) throw new Error('The launcher sent more than 4 MiB of environment.');
  }
  const text = Buffer.concat(received).toString('utf8').trim();
  const { [LAUNCH_FD_VARIABLE]: _fd, ...environment } = EnvironmentSchema.parse(JSON.parse(text));
  // Next.js's typings make NODE_ENV required on ProcessEnv; the launcher's environment has what it has.
  return environment as NodeJS.ProcessEnv;
}

/**
 * Calls `onGone` once when the launcher has gone (its end of the pipe closed: killed, crashed),
 * so that the relay does not outlive it. Without a launcher there is nothing to watch.
 */
export function watchLauncher(onGone: (reason: string) => void): void {
  const fd = launchFd();
  if (fd === undefined) return;
  launchEnvironment();
  const pipe = new Socket({ fd, readable: true, writable: false });
  let reason = 'the launcher has gone';
  // The launcher sends nothing after the environment; reading is what lets the pipe's end show.
  pipe.on('data', () => undefined);
  pipe.once('error', (error) => (reason = `the pipe to the launcher failed: ${error.message}`));
  pipe.once('close', () => onGone(reason));
  // The watch alone must not keep the relay's process alive.
  pipe.unref();
}
