/**
 * The paired devices, kept in the data folder (`devices.json`, mode 0600, out of every agent's
 * reach): a name, a scope, when each was paired and last seen, and a digest of its credential,
 * never the credential itself. A revoked device is kept (without its digest's use) so that its
 * page can be told it was revoked rather than that its credential is unknown.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { type Device, DeviceSchema } from '../../../lib/protocol/devices';
import { writePrivateFile } from '../../store/private-file';
import { type PairingRequest, PairingCodes, type PairingRedemption } from './pairing-codes';

export const DEVICES_FILE = 'devices.json';

const StoredDeviceSchema = DeviceSchema.extend({ digest: z.string().min(1), revokedAt: z.string().optional() });
type StoredDevice = z.infer<typeof StoredDeviceSchema>;
const DevicesFileSchema = z.object({ devices: z.array(StoredDeviceSchema) });

export type Identified = { kind: 'device'; device: Device } | { kind: 'revoked' } | { kind: 'unknown' };

export class DeviceRegistry {
  private readonly revokedListeners = new Set<(id: string) => void>();
  private writes: Promise<void> = Promise.resolve();
  private closed = false;
  readonly codes: PairingCodes;

  private constructor(
    private readonly file: string,
    private devices: StoredDevice[],
    private readonly log: (message: string) => void,
    private readonly now: () => number,
  ) {
    this.codes = new PairingCodes(log, now);
  }

  /** Reads the data folder's devices; a file that is not Baton's stops the start with what to do. */
  static async open(dataDir: string, log: (message: string) => void, now: () => number = Date.now): Promise<DeviceRegistry> {
    const file = path.join(dataDir, DEVICES_FILE);
    let text: string | undefined;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const parsed = text === undefined ? { success: true as const, data: { devices: [] } } : DevicesFileSchema.safeParse(safeJson(text));
    if (!parsed.success) throw new Error(`${file} holds no list of paired devices: move it away (every device then pairs again).`);
    return new DeviceRegistry(file, parsed.data.devices, log, now);
  }

  list(): Device[] {
    return this.devices.filter((device) => device.revokedAt === undefined).map(publicDevice);
  }

  startPairing(request: PairingRequest): { code: string; expiresAt: string } {
    const { code, expiresAt } = this.codes.issue(request);
    this.log(`a pairing code was made for a device named ${JSON.stringify(request.name)} (${request.scope})`);
    return { code, expiresAt: new Date(expiresAt).toISOString() };
  }

  /** Exchanges a pairing code for a new device's credential, which only its page will ever hold. */
  async pair(
    code: string,
  ): Promise<{ kind: 'paired'; credential: string; device: Device } | Exclude<PairingRedemption, { kind: 'redeemed' }>> {
    const redemption = this.codes.redeem(code);
    if (redemption.kind !== 'redeemed') return redemption;
    const credential = randomBytes(32).toString('base64url');
    const stored: StoredDevice = {
      id: randomUUID(),
      ...redemption.request,
      createdAt: new Date(this.now()).toISOString(),
      digest: digest(credential),
    };
    this.devices = [...this.devices, stored];
    await this.save();
    this.log(`device ${JSON.stringify(stored.name)} was paired (${stored.scope})`);
    return { kind: 'paired', credential, device: publicDevice(stored) };
  }

  /** Which device a credential belongs to, compared in constant time with every digest. */
  identify(credential: string): Identified {
    const candidate = Buffer.from(digest(credential));
    const found = this.devices.find((device) => timingSafeEqual(Buffer.from(device.digest), candidate));
    if (found === undefined) return { kind: 'unknown' };
    if (found.revokedAt !== undefined) return { kind: 'revoked' };
    return { kind: 'device', device: publicDevice(found) };
  }

  /** When a device connected last: kept in memory and written with the next change. */
  seen(id: string): void {
    const at = new Date(this.now()).toISOString();
    this.devices = this.devices.map((device) => (device.id === id ? { ...device, lastSeenAt: at } : device));
  }

  async revoke(id: string): Promise<boolean> {
    const found = this.devices.find((device) => device.id === id && device.revokedAt === undefined);
    if (found === undefined) return false;
    const at = new Date(this.now()).toISOString();
    this.devices = this.devices.map((device) => (device === found ? { ...device, revokedAt: at } : device));
    await this.save();
    this.log(`device ${JSON.stringify(found.name)} was revoked`);
    for (const listener of this.revokedListeners) listener(id);
    return true;
  }

  onRevoked(listener: (id: string) => void): void {
    this.revokedListeners.add(listener);
  }

  /** Takes no more changes, and resolves once those under way are written: nothing is written after the relay closed. */
  async close(): Promise<void> {
    this.closed = true;
    // Only waited for here, not reported: each failed write was already rejected to the change
    // (pair, revoke, use) that asked for it, and a close must not fail for an earlier change.
    await this.writes.catch(() => undefined);
  }

  /** Written beside, then renamed into place: a crash leaves the old list or the new one, never half of one. */
  private save(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the paired devices take no more changes: the relay is stopping'));
    const text = `${JSON.stringify({ devices: this.devices }, null, 2)}\n`;
    const write = () => writePrivateFile(this.file, text);
    this.writes = this.writes.then(write, write);
    return this.writes;
  }
}

function publicDevice({ id, name, scope, createdAt, lastSeenAt }: StoredDevice): Device {
  return { id, name, scope, createdAt, ...(lastSeenAt === undefined ? {} : { lastSeenAt }) };
}

function digest(credential: string): string {
  return createHash('sha256').update(credential).digest('base64url');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: the schema check refuses it with what to do.
    return undefined;
  }
}
