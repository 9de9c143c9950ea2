/**
 * The relay's Web Push state, kept in `<data-dir>/push.json`: its VAPID key pair (made on first
 * use, so that subscriptions outlive a restart: a browser's subscription is bound to the public key
 * it subscribed with) and the browsers subscribed. Both are secrets (the private key signs as the
 * relay; an endpoint with its keys lets anyone push to that browser), so the file is held to what
 * the token file is: mode 0600, a regular file owned by the user, opened without following links
 * or blocking, replaced atomically (written beside, then renamed), never seen half written.
 *
 * A file rather than the thread database: the state is a handful of rows that belong to this data
 * folder, not to threads, and a file needs no migration for the SQLite and Postgres stores alike.
 */
import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { PushSubscriptionSchema } from '../../lib/protocol/push';
import { writePrivateFile } from '../store/private-file';

export const PUSH_FILE = 'push.json';
const MAX_FILE_BYTES = 4 * 1024 * 1024;

const PushStateSchema = z.object({
  vapid: z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) }),
  subscriptions: z.array(z.object({ subscription: PushSubscriptionSchema, muted: z.array(z.string()) })),
});
export type PushState = z.infer<typeof PushStateSchema>;

export class PushFileError extends Error {
  override readonly name = 'PushFileError';
}

export function pushFilePath(dataDir: string): string {
  return path.join(dataDir, PUSH_FILE);
}

/** The file's state, or undefined when there is none yet. */
export async function readPushState(dataDir: string): Promise<PushState | undefined> {
  const file = pushFilePath(dataDir);
  const fix = `remove it and subscribe again (Baton makes a new one)`;
  try {
    const stats = await lstat(file);
    if (!stats.isFile()) throw new PushFileError(`The push file ${file} is not a regular file: ${fix}.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > MAX_FILE_BYTES) throw new PushFileError(`The push file ${file} is not what Baton wrote: ${fix}.`);
    if (process.platform !== 'win32') {
      if (stats.uid !== process.getuid?.()) throw new PushFileError(`The push file ${file} belongs to another user: ${fix}.`);
      if ((stats.mode & 0o077) !== 0)
        throw new PushFileError(`The push file ${file} can be read by other users, so its key may be known: ${fix}.`);
    }
    const parsed = PushStateSchema.safeParse(parseJson(await handle.readFile('utf8')));
    if (!parsed.success) throw new PushFileError(`The push file ${file} does not hold Baton's push keys: ${fix}.`);
    return parsed.data;
  } finally {
    await handle.close();
  }
}

export function writePushState(dataDir: string, state: PushState): Promise<void> {
  return writePrivateFile(pushFilePath(dataDir), `${JSON.stringify(state, null, 2)}\n`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
