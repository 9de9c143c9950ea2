/** "Devices" in the store: the list, a pairing code for a named device, a revoke, and the relay's refusal kept in its words. */
import { expect, it } from 'vitest';
import { DEVICES_NEED_MAIN_TOKEN_MESSAGE, type Device } from '../lib/protocol/devices';
import { createBatonStore } from './baton-store';
import { FakeBatonRpc } from './testing/fake-baton-rpc';

it('pairs a named device, lists it, revokes it; a refusal is shown as the relay said it', async () => {
  let devices: Device[] = [];
  let refuse = false;
  const rpc = new FakeBatonRpc({
    'devices/list': () => {
      if (refuse) throw new Error(DEVICES_NEED_MAIN_TOKEN_MESSAGE);
      return { devices };
    },
    'devices/startPairing': ({ name, scope }) => {
      devices = [{ id: 'd1', name, scope, createdAt: '2026-01-01T00:00:00.000Z' }];
      return { code: 'ABCD-EFGH', expiresAt: '2026-01-01T00:05:00.000Z' };
    },
    'devices/revoke': ({ id }) => {
      devices = devices.filter((device) => device.id !== id);
      return {};
    },
  });
  const store = createBatonStore(rpc);
  await store.getState().startPairing('Phone', 'answer-and-watch');
  expect(store.getState().pairing).toEqual({ code: 'ABCD-EFGH', expiresAt: '2026-01-01T00:05:00.000Z', name: 'Phone' });
  await store.getState().loadDevices();
  expect(store.getState().devices?.map((device) => device.name)).toEqual(['Phone']);
  await store.getState().revokeDevice('d1');
  expect(store.getState().devices).toEqual([]);
  store.getState().endPairing();
  expect(store.getState().pairing).toBeNull();

  refuse = true;
  await store.getState().loadDevices();
  expect(store.getState().devicesError).toBe(DEVICES_NEED_MAIN_TOKEN_MESSAGE);
});
