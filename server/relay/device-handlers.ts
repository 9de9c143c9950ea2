/**
 * `devices/list`, `devices/startPairing`, `devices/revoke`: the main token's holder pairs a phone
 * and takes its access back (lib/protocol/devices.ts). A device, whatever its scope, may do none
 * of these: a device that could pair another, or keep itself from being revoked, would outlive
 * the trust it was given.
 */
import { DEVICE_SCOPE_ERROR_CODE, DEVICES_NEED_MAIN_TOKEN_MESSAGE } from '../../lib/protocol/devices';
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { RpcError } from '../../lib/rpc/errors';
import type { DeviceRegistry } from './devices/device-registry';
import type { TabContext } from './tab-context';

export function registerDeviceHandlers(context: TabContext): void {
  const { connection } = context;
  const registry = (): DeviceRegistry => {
    if (context.actor.kind !== 'owner') throw new RpcError(DEVICE_SCOPE_ERROR_CODE, DEVICES_NEED_MAIN_TOKEN_MESSAGE);
    if (context.devices === undefined) throw new RpcError(ErrorCodes.InternalError, 'This relay pairs no devices.');
    return context.devices;
  };
  connection.onRequest('devices/list', () => ({ devices: registry().list() }));
  connection.onRequest('devices/startPairing', ({ name, scope }) => registry().startPairing({ name, scope }));
  connection.onRequest('devices/revoke', async ({ id }) => {
    if (!(await registry().revoke(id))) throw new RpcError(ErrorCodes.InvalidParams, `No paired device has the id ${JSON.stringify(id)}.`);
    return {};
  });
}
