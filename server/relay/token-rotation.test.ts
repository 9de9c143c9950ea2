/**
 * The relay's token across restarts and rotations, against a real relay on loopback with real
 * script clients: the data folder's token file is kept across restarts, BATON_TOKEN wins over it,
 * and `baton token --rotate` (rotateTokenFile) logs every connected tab out at once.
 */
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RelayOptions, type RunningRelay, startRelay } from './relay';
import { whenConnected } from './testing/relay-support';
import { connectScriptClient } from './script-client';
import { UNAUTHORIZED_MESSAGE } from './socket-server';
import { rotateTokenFile, tokenFilePath } from './token-file';

let folder: string;
let dataDir: string;
let relays: RunningRelay[];
let logs: string[];
const sockets: Array<ReturnType<typeof connectScriptClient>> = [];

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-token-rotation-'));
  dataDir = path.join(folder, '.baton');
  relays = [];
  logs = [];
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const relay of relays.splice(0)) await relay.close();
  await rm(folder, { recursive: true, force: true });
});

async function start(overrides: Partial<RelayOptions> = {}): Promise<{ relay: RunningRelay; origin: string }> {
  const relay = await startRelay({
    host: '127.0.0.1',
    port: 0,
    workspaceRoot: folder,
    dataDir,
    env: { NODE_ENV: 'test' },
    log: (message) => logs.push(message),
    serveUi: false,
    ...overrides,
  });
  relays.push(relay);
  return { relay, origin: new URL(relay.url).origin };
}

async function stop(relay: RunningRelay): Promise<void> {
  relays.splice(relays.indexOf(relay), 1);
  await relay.close();
}

function connect(origin: string, token: string) {
  const socket = connectScriptClient(origin, undefined, { auth: { token } });
  sockets.push(socket);
  return socket;
}

describe('the token file', () => {
  it('is written on the first start and kept by the next one on the same data folder', async () => {
    const first = await start();
    const token = first.relay.token;
    expect(await readFile(tokenFilePath(dataDir), 'utf8')).toBe(`${token}\n`);
    expect((await stat(tokenFilePath(dataDir))).mode & 0o777).toBe(0o600);
    expect(first.relay.url).toBe(`${first.origin}/#token=${token}`);
    await stop(first.relay);

    const second = await start();
    expect(second.relay.token).toBe(token);
    expect(await whenConnected(connect(second.origin, token))).toEqual({ connected: true });
  });

  it('is not read, written or needed when BATON_TOKEN is set: BATON_TOKEN wins', async () => {
    const fromFile = (await start()).relay;
    const fileToken = fromFile.token;
    await stop(fromFile);

    const { relay, origin } = await start({ token: 'the-token-from-the-environment-0123456789' });
    expect(relay.token).toBe('the-token-from-the-environment-0123456789');
    expect(await whenConnected(connect(origin, fileToken))).toEqual({ connected: false, error: UNAUTHORIZED_MESSAGE });
    expect(await whenConnected(connect(origin, relay.token))).toEqual({ connected: true });
    expect(await readFile(tokenFilePath(dataDir), 'utf8')).toBe(`${fileToken}\n`);
  });

  it('stops the start, saying what to do, when others can read it', async () => {
    await stop((await start()).relay);
    await chmod(tokenFilePath(dataDir), 0o644);
    await expect(start()).rejects.toThrow(
      `The token file ${tokenFilePath(dataDir)} can be read or written by other users (mode 644), so the token may be known: ` +
        'run `baton token --rotate` to write a new one, readable by you alone.',
    );
    // The data folder is let go: once put right, the relay starts.
    await rotateTokenFile(dataDir);
    await start();
  });
});

describe('a rotation while the relay runs', () => {
  it('logs every connected tab out at once; the old token is refused and the new one accepted', async () => {
    const { relay, origin } = await start();
    const old = relay.token;
    const tabs = [connect(origin, old), connect(origin, old)];
    for (const tab of tabs) expect(await whenConnected(tab)).toEqual({ connected: true });
    const endings = tabs.map((tab) => new Promise((resolve) => tab.once('disconnect', resolve)));

    const rotated = await rotateTokenFile(dataDir);
    expect(await Promise.all(endings)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(relay.token).toBe(rotated);
    expect(await whenConnected(connect(origin, old))).toEqual({ connected: false, error: UNAUTHORIZED_MESSAGE });
    expect(await whenConnected(connect(origin, rotated))).toEqual({ connected: true });
    expect(logs).toContain(`the token file ${tokenFilePath(dataDir)} holds a new token: every tab was logged out`);
  });

  it('made unusable, refuses every tab until it is put right', async () => {
    const { relay, origin } = await start();
    const token = relay.token;
    await chmod(tokenFilePath(dataDir), 0o644);
    expect(await whenConnected(connect(origin, token))).toEqual({ connected: false, error: UNAUTHORIZED_MESSAGE });
    expect(
      logs.some(
        (line) => line.includes('can be read or written by other users') && line.endsWith('Every tab is refused until it is put right.'),
      ),
    ).toBe(true);
    await chmod(tokenFilePath(dataDir), 0o600);
    expect(await whenConnected(connect(origin, token))).toEqual({ connected: true });
  });
});
