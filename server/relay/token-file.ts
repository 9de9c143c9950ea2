/**
 * The relay's token, kept in `<data-dir>/token` so that a restart on the same data folder keeps it:
 * open tabs rejoin the restarted relay as they do after a network drop, instead of being logged
 * out. The file is the credential, so it is held to what a key file is: readable and writable by
 * its owner alone (mode 0600), a regular file (never a symbolic link, a FIFO or a device, opened
 * without following links and without blocking), owned by the user running Baton, holding one
 * token. A file that is none of these is refused with what to do. It is created and replaced
 * atomically (written beside, then linked or renamed into place), so no reader ever sees it half
 * written. `baton token --rotate` replaces it, which logs every tab out on purpose.
 *
 * BATON_TOKEN, when set, wins: the file is then neither read nor written.
 */
import { constants, type Stats } from 'node:fs';
import { link, lstat, mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { generateToken } from './access-guard';

export const TOKEN_FILE = 'token';
/** Printable ASCII without spaces, so that it travels in a URL's fragment and a header unchanged. */
const TOKEN_PATTERN = /^[\x21-\x7e]{32,1024}$/;
const MAX_FILE_BYTES = 2048;
const ROTATE_HINT = 'run `baton token --rotate` to write a new one';

export class TokenFileError extends Error {
  override readonly name = 'TokenFileError';
  readonly code = 'bad-token-file';
}

export function tokenFilePath(dataDir: string): string {
  return path.join(dataDir, TOKEN_FILE);
}

/**
 * The token in the file, or undefined when there is no file; throws TokenFileError when the file
 * cannot be trusted. `owner`: the user it must belong to, this process's by default.
 */
export async function readTokenFile(dataDir: string, owner = process.getuid?.()): Promise<string | undefined> {
  const file = tokenFilePath(dataDir);
  let before: Stats;
  try {
    before = await lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  checkStats(file, before, owner);
  // No link followed, and no wait for a writer if it became a FIFO since the lstat.
  const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ELOOP') throw new TokenFileError(`The token file ${file} is a symbolic link: ${ROTATE_HINT}.`);
      throw error;
    },
  );
  try {
    const opened = await handle.stat();
    checkStats(file, opened, owner);
    if (opened.ino !== before.ino || opened.dev !== before.dev) {
      throw new TokenFileError(`The token file ${file} was replaced while it was read: try again.`);
    }
    const text = (await handle.readFile('utf8')).replace(/\r?\n$/, '');
    if (!TOKEN_PATTERN.test(text)) {
      throw new TokenFileError(
        `The token file ${file} does not hold a token (32 to 1024 printable characters, no spaces, on one line): ${ROTATE_HINT}.`,
      );
    }
    return text;
  } finally {
    await handle.close();
  }
}

/** The file's token, creating the file with a new random token when there is none. */
export async function readOrCreateTokenFile(dataDir: string): Promise<string> {
  const existing = await readTokenFile(dataDir);
  if (existing !== undefined) return existing;
  const token = generateToken();
  const written = await writeBeside(dataDir, token);
  try {
    await link(written, tokenFilePath(dataDir));
  } catch (error) {
    // Another process created it first: its token is the one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = await readTokenFile(dataDir);
    if (theirs === undefined)
      throw new TokenFileError(`The token file ${tokenFilePath(dataDir)} came and went while it was created: try again.`);
    return theirs;
  } finally {
    await unlink(written);
  }
  return token;
}

/** Replaces the file with a new random token (`baton token --rotate`); returns it. */
export async function rotateTokenFile(dataDir: string): Promise<string> {
  const token = generateToken();
  const written = await writeBeside(dataDir, token);
  try {
    // A symbolic link or a FIFO in its place is replaced too: rename never follows or opens it.
    await rename(written, tokenFilePath(dataDir));
  } catch (error) {
    // The rename's failure is what the user needs to hear; the file left beside is removed if it can be.
    await unlink(written).catch((cleanup: unknown) => {
      throw new AggregateError([error, cleanup], `Could not put a new token in ${tokenFilePath(dataDir)}, nor remove ${written}`);
    });
    throw error;
  }
  return token;
}

/** A new file beside the token file, created exclusively with mode 0600 and synced: ready to be put in place. */
async function writeBeside(dataDir: string, token: string): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const written = path.join(dataDir, `${TOKEN_FILE}.${process.pid}.${generateToken().slice(0, 8)}.tmp`);
  const handle = await open(written, 'wx', 0o600);
  try {
    // The mode asked for at creation is narrowed by the umask, never widened; set it exactly anyway.
    await handle.chmod(0o600);
    await handle.writeFile(`${token}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return written;
}

function checkStats(file: string, stats: Stats, owner: number | undefined): void {
  if (stats.isSymbolicLink()) throw new TokenFileError(`The token file ${file} is a symbolic link: ${ROTATE_HINT}.`);
  if (!stats.isFile()) throw new TokenFileError(`The token file ${file} is not a regular file: ${ROTATE_HINT}.`);
  if (stats.size > MAX_FILE_BYTES) throw new TokenFileError(`The token file ${file} is larger than a token: ${ROTATE_HINT}.`);
  // Windows has no such modes or owners: there the folder's own permissions guard it.
  if (process.platform === 'win32') return;
  if (owner !== undefined && stats.uid !== owner) {
    throw new TokenFileError(`The token file ${file} belongs to another user (uid ${stats.uid}): ${ROTATE_HINT}.`);
  }
  if ((stats.mode & 0o077) !== 0) {
    const mode = (stats.mode & 0o777).toString(8).padStart(3, '0');
    throw new TokenFileError(
      `The token file ${file} can be read or written by other users (mode ${mode}), so the token may be known: ${ROTATE_HINT}, readable by you alone.`,
    );
  }
}
