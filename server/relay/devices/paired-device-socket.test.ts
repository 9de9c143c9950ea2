/**
 * Pairing a device against a real relay on loopback: the main token makes a pairing code, the
 * device exchanges it once over the sign-in POST for a credential of its own, opens a socket with
 * it, may do only what its scope allows, and is disconnected at once when revoked.
 */
import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_REVOKED_MESSAGE,
  DEVICE_SCOPE_ERROR_CODE,
  DEVICES_NEED_MAIN_TOKEN_MESSAGE,
  type DeviceScope,
} from '../../../lib/protocol/devices';
import { PAIRING_CODE_UNKNOWN_MESSAGE } from '../../../lib/protocol/sign-in-code';
import { connectScriptClient } from '../script-client';
import { UNAUTHORIZED_MESSAGE } from '../socket-server';
import { rpcClient, startTestRelay, type TestRelay, whenConnected } from '../testing/relay-support';
import { DEVICES_FILE } from './device-registry';

let test: TestRelay;
let main: ReturnType<typeof rpcClient>;
const sockets: Socket[] = [];

beforeAll(async () => {
  test = await startTestRelay();
  const socket = connectScriptClient(test.origin, test.relay.token);
  sockets.push(socket);
  expect(await whenConnected(socket)).toEqual({ connected: true });
  main = rpcClient(socket);
});

afterEach(() => {
  for (const socket of sockets.splice(1)) socket.disconnect();
});

afterAll(async () => {
  sockets[0]?.disconnect();
  await test?.close();
});

async function exchange(code: string) {
  const response = await fetch(`${test.origin}/sign-in-code`, {
    method: 'POST',
    headers: { origin: test.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  return { status: response.status, body: (await response.json()) as { token?: string; device?: unknown; error?: string } };
}

/** Pairs a device the way its page does, and opens its socket with the credential it got. */
async function pairDevice(name: string, scope: DeviceScope) {
  const started = await main.call('devices/startPairing', { name, scope });
  const { code } = started.result as { code: string };
  const paired = await exchange(code.toLowerCase());
  expect(paired).toMatchObject({ status: 200, body: { device: { name, scope } } });
  const credential = paired.body.token as string;
  const socket = connectScriptClient(test.origin, undefined, { auth: { token: credential } });
  sockets.push(socket);
  return { code, credential, socket, rpc: rpcClient(socket) };
}

describe('a paired device', () => {
  it('gets a credential of its own, once, which opens a socket and never is the main token', async () => {
    const { code, credential, socket } = await pairDevice('Phone', 'answer-and-watch');
    expect(credential).not.toBe(test.relay.token);
    expect(await exchange(code)).toEqual({ status: 401, body: { error: PAIRING_CODE_UNKNOWN_MESSAGE } });
    expect(await whenConnected(socket)).toEqual({ connected: true });
    const listed = await main.call('devices/list');
    expect(listed.result).toMatchObject({ devices: [{ name: 'Phone', scope: 'answer-and-watch', lastSeenAt: expect.any(String) }] });
    // Only a digest is kept in the data folder, readable by the user alone.
    const file = path.join(test.dataDir, DEVICES_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).not.toContain(credential);
  });

  it('limited to answer-and-watch, reads threads but is refused prompts, files and settings with a reason', async () => {
    const { socket, rpc } = await pairDevice('Watcher', 'answer-and-watch');
    expect(await whenConnected(socket)).toEqual({ connected: true });
    expect((await rpc.call('getThreads', {})).result).toMatchObject({ threads: expect.any(Array) });
    for (const [method, params] of [
      ['chat/prompt', { message: 'hello' }],
      ['readTextFile', { path: 'a.txt' }],
      ['thread/delete', { threadId: 'x' }],
      ['devices/list', {}],
    ] as const) {
      const refused = await rpc.call(method, params);
      expect(refused.error).toEqual({
        code: DEVICE_SCOPE_ERROR_CODE,
        message: expect.stringContaining(`${method} is not allowed from "Watcher"`),
      });
    }
    // The socket is still usable after the refusals.
    expect((await rpc.call('inbox/list', {})).result).toBeDefined();
  });

  it('with full scope, still may not pair or revoke devices', async () => {
    const { socket, rpc } = await pairDevice('Tablet', 'full');
    expect(await whenConnected(socket)).toEqual({ connected: true });
    expect((await rpc.call('listDirectory', { path: '.' })).error).toBeUndefined();
    const refused = await rpc.call('devices/startPairing', { name: 'Another', scope: 'full' });
    expect(refused.error).toEqual({ code: DEVICE_SCOPE_ERROR_CODE, message: DEVICES_NEED_MAIN_TOKEN_MESSAGE });
  });

  it('is disconnected at once when revoked, and then refused with a message that says so', async () => {
    const { credential, socket, rpc } = await pairDevice('Old phone', 'answer-and-watch');
    expect(await whenConnected(socket)).toEqual({ connected: true });
    const listed = (await main.call('devices/list')).result as { devices: Array<{ id: string; name: string }> };
    const id = listed.devices.find((device) => device.name === 'Old phone')?.id;
    const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await main.call('devices/revoke', { id })).result).toEqual({});
    expect(await ended).toBe('io server disconnect');
    expect(rpc.replies.size).toBe(0);
    const again = connectScriptClient(test.origin, undefined, { auth: { token: credential } });
    sockets.push(again);
    expect(await whenConnected(again)).toEqual({ connected: false, error: DEVICE_REVOKED_MESSAGE });
    const after = (await main.call('devices/list')).result as { devices: Array<{ name: string }> };
    expect(after.devices.map((device) => device.name)).not.toContain('Old phone');
  });

  it('refuses a revoke of an unknown device, and a credential nobody paired', async () => {
    expect((await main.call('devices/revoke', { id: 'nobody' })).error).toMatchObject({ code: -32602 });
    const stranger = connectScriptClient(test.origin, undefined, { auth: { token: 'x'.repeat(43) } });
    sockets.push(stranger);
    expect(await whenConnected(stranger)).toEqual({ connected: false, error: UNAUTHORIZED_MESSAGE });
  });
});
