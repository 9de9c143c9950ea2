/**
 * A note of the relay this extension started for a folder, so that another window on the same
 * folder attaches to it instead of starting a second relay on the same data folder (which the
 * relay's lock refuses). code-server gives every browser tab, and every reload, a new extension
 * host while the old one lingers for a while, so this happens at each reload there.
 *
 * The note holds the printed URL, token included: it lives in the extension's own storage
 * (`globalStorageUri`, outside every workspace), readable by its owner only, and is removed when
 * the relay stops. A note whose launcher is gone, or whose relay does not answer, is stale.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface RelayRecord {
  launcherPid: number;
  workspaceRoot: string;
  /** The ready line's URL, with its token. */
  url: string;
  /** The `--frame-ancestors` the relay was started with. */
  frameAncestors: string;
}

export function relayRecordPath(storageFolder: string, workspaceRoot: string): string {
  const key = createHash('sha256').update(workspaceRoot).digest('hex').slice(0, 24);
  return path.join(storageFolder, `relay-${key}.json`);
}

export async function writeRelayRecord(file: string, record: RelayRecord): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  await rename(partial, file);
}

/** The note, if there is one for this folder and it is well formed; undefined otherwise. */
export async function readRelayRecord(file: string, workspaceRoot: string): Promise<RelayRecord | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const record = parseRecord(text);
  return record?.workspaceRoot === workspaceRoot ? record : undefined;
}

/** Removes the note if it is still the one of this launcher. */
export async function removeRelayRecord(file: string, launcherPid: number): Promise<void> {
  // A note already gone (or unreadable) is no note of this launcher: nothing to remove.
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined || parseRecord(text)?.launcherPid !== launcherPid) return;
  await unlink(file).catch(() => undefined);
}

export function parseRecord(text: string): RelayRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Cut short by a crash: no relay can be found from it.
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  const wellFormed =
    Number.isInteger(record.launcherPid) &&
    typeof record.workspaceRoot === 'string' &&
    typeof record.url === 'string' &&
    typeof record.frameAncestors === 'string';
  return wellFormed ? (record as unknown as RelayRecord) : undefined;
}

/** Whether the relay at the note's URL answers (a launcher's pid may have been given to another process). */
export async function relayAnswers(url: string): Promise<boolean> {
  try {
    const response = await fetch(new URL('/', url), { signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    // Refused, or no answer in time: no relay there.
    return false;
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // ESRCH: gone. EPERM: another user's process, so not a launcher this extension started.
    return false;
  }
}
