import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isProcessAlive, readRelayRecord, relayRecordPath, removeRelayRecord, writeRelayRecord } from './relay-record';

let folder: string;
const record = {
  launcherPid: process.pid,
  workspaceRoot: '/work/project',
  url: 'http://127.0.0.1:4781/#token=t',
  frameAncestors: "'self'",
};

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-relay-record-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('the note of a started relay', () => {
  it('is written for its owner only and read back for the same folder', async () => {
    const file = relayRecordPath(folder, record.workspaceRoot);
    await writeRelayRecord(file, record);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readRelayRecord(file, record.workspaceRoot)).toEqual(record);
    expect(relayRecordPath(folder, '/work/other')).not.toBe(file);
  });

  it('is absent when missing, broken, or of another folder', async () => {
    const file = relayRecordPath(folder, record.workspaceRoot);
    expect(await readRelayRecord(file, record.workspaceRoot)).toBeUndefined();
    await writeFile(file, '{"launcherPid": 12');
    expect(await readRelayRecord(file, record.workspaceRoot)).toBeUndefined();
    await writeRelayRecord(file, { ...record, workspaceRoot: '/elsewhere' });
    expect(await readRelayRecord(file, record.workspaceRoot)).toBeUndefined();
  });

  it('is removed only by the launcher it names', async () => {
    const file = relayRecordPath(folder, record.workspaceRoot);
    await writeRelayRecord(file, record);
    await removeRelayRecord(file, record.launcherPid + 1);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(record);
    await removeRelayRecord(file, record.launcherPid);
    await expect(stat(file)).rejects.toThrow();
  });

  it('tells a live launcher from a gone one', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(2 ** 22 + 1)).toBe(false);
  });
});
