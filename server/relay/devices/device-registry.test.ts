/**
 * The paired devices and their pairing codes, on a real data folder: a code works once and for
 * minutes, wrong guesses drop every pending code, a paired device survives a restart, a revoked
 * one is told apart from a stranger, and a damaged list stops the start with what to do.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceRegistry, DEVICES_FILE } from './device-registry';
import { MAX_WRONG_PAIRING_CODES, PAIRING_CODE_MINUTES } from './pairing-codes';

let folder: string;
let now = 0;
const logs: string[] = [];
const open = () =>
  DeviceRegistry.open(
    folder,
    (line) => logs.push(line),
    () => now,
  );

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-devices-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('pairing codes', () => {
  it('are 8 unambiguous characters, typed in any case and spacing, and work once', async () => {
    const registry = await open();
    const { code } = registry.startPairing({ name: 'Phone', scope: 'full' });
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    const paired = await registry.pair(` ${code.toLowerCase().replace('-', ' ')} `);
    expect(paired).toMatchObject({ kind: 'paired', device: { name: 'Phone', scope: 'full' } });
    expect(await registry.pair(code)).toEqual({ kind: 'unknown' });
  });

  it('expire after a few minutes', async () => {
    const registry = await open();
    const { code } = registry.startPairing({ name: 'Phone', scope: 'full' });
    now += PAIRING_CODE_MINUTES * 60_000;
    expect(await registry.pair(code)).toEqual({ kind: 'expired' });
    expect(registry.list()).toEqual([]);
  });

  it('are all dropped after too many wrong guesses, and the log says so', async () => {
    const registry = await open();
    const { code } = registry.startPairing({ name: 'Phone', scope: 'full' });
    for (let guess = 0; guess < MAX_WRONG_PAIRING_CODES; guess++) expect((await registry.pair('AAAA-AAAA')).kind).toBe('unknown');
    expect(await registry.pair(code)).toEqual({ kind: 'unknown' });
    expect(logs.some((line) => line.includes('every pending pairing code is dropped'))).toBe(true);
  });
});

describe('the paired devices', () => {
  it('are kept across a restart; a revoked one is told apart from a stranger', async () => {
    const registry = await open();
    const paired = await registry.pair(registry.startPairing({ name: 'Phone', scope: 'answer-and-watch' }).code);
    if (paired.kind !== 'paired') throw new Error('not paired');
    const again = await open();
    expect(again.identify(paired.credential)).toEqual({ kind: 'device', device: paired.device });
    expect(again.identify('someone else')).toEqual({ kind: 'unknown' });
    const revoked: string[] = [];
    again.onRevoked((id) => revoked.push(id));
    expect(await again.revoke(paired.device.id)).toBe(true);
    expect(revoked).toEqual([paired.device.id]);
    expect(await again.revoke(paired.device.id)).toBe(false);
    expect((await open()).identify(paired.credential)).toEqual({ kind: 'revoked' });
    expect(again.list()).toEqual([]);
  });

  it('refuse to start from a list that is not Baton’s, saying what to do', async () => {
    await writeFile(path.join(folder, DEVICES_FILE), '{"devices": "nope"}');
    await expect(open()).rejects.toThrow(/holds no list of paired devices: move it away/);
  });
});
