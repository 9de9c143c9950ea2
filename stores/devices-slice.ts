/**
 * "Pair a device": the paired devices as the relay lists them (`devices/list`), a pairing code
 * made for a new one (`devices/startPairing`) and revocations (`devices/revoke`), which end that
 * device's sockets at once (lib/protocol/devices.ts).
 */
import type { Device, DeviceScope, DevicesStartPairingResult } from '../lib/protocol/devices';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';

export interface DevicesSlice {
  devices: Device[] | null;
  /** The code shown now, for the device named when it was made. */
  pairing: (DevicesStartPairingResult & { name: string }) | null;
  devicesError: string | null;
  loadDevices(): Promise<void>;
  startPairing(name: string, scope: DeviceScope): Promise<void>;
  revokeDevice(id: string): Promise<void>;
  /** Closes the code (the dialog closed, or the device paired). */
  endPairing(): void;
}

export const createDevicesSlice: BatonSliceCreator<DevicesSlice> = (rpc) => (set) => {
  const load = async () => {
    try {
      set({ devices: (await rpc.request('devices/list', {})).devices, devicesError: null });
    } catch (error) {
      set({ devicesError: errorMessage(error) });
    }
  };
  return {
    devices: null,
    pairing: null,
    devicesError: null,
    loadDevices: load,
    async startPairing(name, scope) {
      try {
        set({ pairing: { ...(await rpc.request('devices/startPairing', { name, scope })), name }, devicesError: null });
      } catch (error) {
        set({ devicesError: errorMessage(error) });
      }
    },
    async revokeDevice(id) {
      try {
        await rpc.request('devices/revoke', { id });
        await load();
      } catch (error) {
        set({ devicesError: errorMessage(error) });
      }
    },
    endPairing: () => set({ pairing: null }),
  };
};
