/**
 * `baton token` through the real launcher: where the token is kept and the URL carrying it, the
 * same token a relay on that data folder uses; `--rotate` writes a new one.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PROJECT_ROOT } from './project-root';

const run = promisify(execFile);
let folder: string;
let dataDir: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-token-command-'));
  dataDir = path.join(folder, '.baton');
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

function baton(args: string[], env: Record<string, string> = {}) {
  return run(process.execPath, [path.join(PROJECT_ROOT, 'bin/baton.mjs'), 'token', ...args], {
    cwd: folder,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...env },
  });
}

const tokenIn = async () => (await readFile(path.join(dataDir, 'token'), 'utf8')).trim();

it('prints the token file and the URL with its token, the same at every call, in the workspace data folder by default', async () => {
  const first = await baton([]);
  const token = await tokenIn();
  expect(first.stdout).toBe(`Token file: ${path.join(dataDir, 'token')}\nURL: http://127.0.0.1:4780/#token=${token}\n`);
  expect(first.stderr).toBe('');
  expect((await baton(['--workspace', folder, '--port', '5001'])).stdout).toBe(
    `Token file: ${path.join(dataDir, 'token')}\nURL: http://127.0.0.1:5001/#token=${token}\n`,
  );
});

it('--rotate writes a new token and says what that does', async () => {
  const other = path.join(folder, 'elsewhere');
  await baton(['--data-dir', other]);
  const old = (await readFile(path.join(other, 'token'), 'utf8')).trim();
  const rotated = await baton(['--data-dir', other, '--rotate']);
  const token = (await readFile(path.join(other, 'token'), 'utf8')).trim();
  expect(token).not.toBe(old);
  expect(rotated.stdout).toBe(`Token file: ${path.join(other, 'token')}\nURL: http://127.0.0.1:4780/#token=${token}\n`);
  expect(rotated.stderr).toBe(
    'baton: a relay running on this data folder (without BATON_TOKEN) logs every tab out now; open the URL above to sign in again\n',
  );
});

it('says that BATON_TOKEN, when set, is what a relay uses instead', async () => {
  const { stderr } = await baton([], { BATON_TOKEN: 'the-token-from-the-environment-0123456789' });
  expect(stderr).toBe('baton: BATON_TOKEN is set here: a relay started with it uses that token, not this file\n');
});

it('refuses a token file others can read, and bad options, in one line', async () => {
  await baton([]);
  await run('chmod', ['644', path.join(dataDir, 'token')]);
  await expect(baton([])).rejects.toMatchObject({
    code: 1,
    stderr: `baton: The token file ${path.join(dataDir, 'token')} can be read or written by other users (mode 644), so the token may be known: run \`baton token --rotate\` to write a new one, readable by you alone.\n`,
  });
  await expect(baton(['--port', 'many'])).rejects.toMatchObject({ code: 1, stderr: 'baton: --port must be 1-65535, not many\n' });
});
