/**
 * Paired devices: a phone (or another browser) gets a credential of its own instead of the main
 * token, by a short pairing code that the main token's holder makes (`devices/startPairing`) and
 * the device exchanges once (the same POST as a sign-in code, lib/protocol/sign-in-code.ts). Each
 * device is named, listed and revocable one by one; a device limited to `answer-and-watch` may
 * read threads and answer what waits for the user, never start a turn, read files or change
 * settings.
 */
import { z } from 'zod';
import { ROLE_ERROR_CODE, type Role } from './roles';

export const DeviceScopeSchema = z.enum(['full', 'answer-and-watch']);
export type DeviceScope = z.infer<typeof DeviceScopeSchema>;

export const DeviceNameSchema = z.string().trim().min(1, 'a device needs a name').max(60, 'a device name holds at most 60 characters');

export const DeviceSchema = z.object({
  id: z.string().min(1),
  name: DeviceNameSchema,
  scope: DeviceScopeSchema,
  /** ISO 8601 times. */
  createdAt: z.string(),
  lastSeenAt: z.string().optional(),
});
export type Device = z.infer<typeof DeviceSchema>;

/** What `initialize` tells a tab opened with a device credential about itself; absent for the main token. */
export const ThisDeviceSchema = DeviceSchema.pick({ id: true, name: true, scope: true });
export type ThisDevice = z.infer<typeof ThisDeviceSchema>;

/** The line a watch-only page shows where the prompt box would be. */
export const ANSWER_AND_WATCH_NOTE = 'This device can answer and watch: prompts, files and settings stay on the computer Baton runs on.';

export const DevicesListResultSchema = z.object({ devices: z.array(DeviceSchema) });
export const DevicesRevokeParamsSchema = z.object({ id: z.string().min(1) });
export const DevicesStartPairingParamsSchema = z.object({ name: DeviceNameSchema, scope: DeviceScopeSchema });
export const DevicesStartPairingResultSchema = z.object({
  /** What the device's user types or the QR code's address carries (`#code=…`): `ABCD-EFGH`. */
  code: z.string(),
  expiresAt: z.string(),
});
export type DevicesStartPairingResult = z.infer<typeof DevicesStartPairingResultSchema>;

export const devicesRequests = {
  'devices/list': { params: z.object({}).nullish(), result: DevicesListResultSchema },
  'devices/revoke': { params: DevicesRevokeParamsSchema, result: z.object({}) },
  'devices/startPairing': { params: DevicesStartPairingParamsSchema, result: DevicesStartPairingResultSchema },
} as const;

/** A device's scope as a role (lib/protocol/roles.ts): `answer-and-watch` answers and watches as an approver does. */
export function deviceRole(scope: DeviceScope): Role {
  return scope === 'full' ? 'operator' : 'approver';
}

/** Refusals to a device are the roles' refusals (ROLE_ERROR_CODE). */
export const DEVICE_SCOPE_ERROR_CODE = ROLE_ERROR_CODE;

/** A device may not pair or revoke devices, whatever its scope: only the main token may. */
export const DEVICES_NEED_MAIN_TOKEN_MESSAGE = 'Only the computer Baton runs on (its main token) may pair or revoke devices.';

/** Why the relay refuses a device credential that was revoked (the page tells the user). */
export const DEVICE_REVOKED_MESSAGE = 'unauthorized: this device was revoked; pair it again from the computer Baton runs on';

/** Pairing codes: 8 letters and digits that cannot be mistaken for one another, shown as two groups of 4. */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code as a user may type it (lower case, spaces, a dash), as the relay compares it; undefined if it is none. */
export function normalPairingCode(typed: string): string | undefined {
  const compact = typed.replace(/[\s-]/g, '').toUpperCase();
  if (compact.length !== 8) return undefined;
  for (const character of compact) if (!PAIRING_CODE_ALPHABET.includes(character)) return undefined;
  return compact;
}
