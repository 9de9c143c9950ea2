/**
 * The token file on a real file system: created readable by its owner alone, kept across reads,
 * replaced by a rotation, and refused with what to do when it cannot be trusted.
 */
import { execFileSync } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOrCreateTokenFile, readTokenFile, rotateTokenFile, TokenFileError, tokenFilePath } from './token-file';

let dataDir: string;
let file: string;

beforeEach(async () => {
  dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'baton-token-file-')), 'data');
  file = tokenFilePath(dataDir);
});

afterEach(async () => {
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

const modeOf = async (target: string) => (await lstat(target)).mode & 0o777;

describe('the token file', () => {
  it('is created on first use with a random 256-bit token, mode 0600 whatever the umask, and nothing left beside it', async () => {
    const umask = process.umask(0o000);
    let token: string;
    try {
      token = await readOrCreateTokenFile(dataDir);
    } finally {
      process.umask(umask);
    }
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await modeOf(file)).toBe(0o600);
    expect(await readFile(file, 'utf8')).toBe(`${token}\n`);
    expect(await readdir(dataDir)).toEqual(['token']);
  });

  it('keeps its token across reads, as across restarts', async () => {
    const token = await readOrCreateTokenFile(dataDir);
    expect(await readOrCreateTokenFile(dataDir)).toBe(token);
    expect(await readTokenFile(dataDir)).toBe(token);
  });

  it('takes a token the user wrote, one line of printable characters', async () => {
    await mkdir(dataDir);
    await writeFile(file, 'my-own-token-that-is-long-enough-0123456789\n', { mode: 0o600 });
    expect(await readOrCreateTokenFile(dataDir)).toBe('my-own-token-that-is-long-enough-0123456789');
  });

  it('is replaced by a rotation: a new token, still mode 0600, in the same place', async () => {
    const old = await readOrCreateTokenFile(dataDir);
    const rotated = await rotateTokenFile(dataDir);
    expect(rotated).not.toBe(old);
    expect(await readTokenFile(dataDir)).toBe(rotated);
    expect(await modeOf(file)).toBe(0o600);
    expect(await readdir(dataDir)).toEqual(['token']);
  });

  it('a rotation replaces a file that could not be trusted', async () => {
    await mkdir(dataDir);
    await writeFile(file, 'x'.repeat(43), { mode: 0o644 });
    const rotated = await rotateTokenFile(dataDir);
    expect(await readTokenFile(dataDir)).toBe(rotated);
    expect(await modeOf(file)).toBe(0o600);
  });

  it('reads nothing when there is no file', async () => {
    expect(await readTokenFile(dataDir)).toBeUndefined();
  });
});

describe('a token file that cannot be trusted is refused, saying what to do', () => {
  const refusal = () =>
    readOrCreateTokenFile(dataDir).then(
      () => 'accepted',
      (error: unknown) => {
        expect(error).toBeInstanceOf(TokenFileError);
        return (error as Error).message;
      },
    );

  beforeEach(async () => {
    await mkdir(dataDir);
  });

  it('readable by the group or by everyone', async () => {
    for (const mode of [0o640, 0o604, 0o620]) {
      await writeFile(file, 'x'.repeat(43), { mode });
      await chmod(file, mode);
      expect(await refusal()).toBe(
        `The token file ${file} can be read or written by other users (mode ${mode.toString(8)}), so the token may be known: ` +
          'run `baton token --rotate` to write a new one, readable by you alone.',
      );
    }
  });

  it('a symbolic link, even to a good token file', async () => {
    const elsewhere = path.join(dataDir, 'elsewhere');
    await writeFile(elsewhere, 'x'.repeat(43), { mode: 0o600 });
    await symlink(elsewhere, file);
    expect(await refusal()).toBe(`The token file ${file} is a symbolic link: run \`baton token --rotate\` to write a new one.`);
  });

  it('a folder or a FIFO (opened without waiting for a writer)', async () => {
    await mkdir(file);
    expect(await refusal()).toBe(`The token file ${file} is not a regular file: run \`baton token --rotate\` to write a new one.`);
    await rm(file, { recursive: true });
    execFileSync('mkfifo', ['-m', '600', file]);
    expect(await refusal()).toBe(`The token file ${file} is not a regular file: run \`baton token --rotate\` to write a new one.`);
  });

  it('holding no token: empty, short, with spaces, or several lines', async () => {
    for (const text of ['', 'short', `${'x'.repeat(40)} y`, `${'x'.repeat(40)}\n${'y'.repeat(40)}\n`]) {
      await writeFile(file, text, { mode: 0o600 });
      expect(await refusal()).toBe(
        `The token file ${file} does not hold a token (32 to 1024 printable characters, no spaces, on one line): ` +
          'run `baton token --rotate` to write a new one.',
      );
    }
  });

  it('belonging to another user', async () => {
    await writeFile(file, 'x'.repeat(43), { mode: 0o600 });
    const { uid } = await lstat(file);
    await expect(readTokenFile(dataDir, uid + 1)).rejects.toThrow(
      `The token file ${file} belongs to another user (uid ${uid}): run \`baton token --rotate\` to write a new one.`,
    );
  });

  it('larger than any token', async () => {
    await writeFile(file, 'x'.repeat(4096), { mode: 0o600 });
    expect(await refusal()).toBe(`The token file ${file} is larger than a token: run \`baton token --rotate\` to write a new one.`);
  });
});
