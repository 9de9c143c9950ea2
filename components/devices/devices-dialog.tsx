'use client';

import { useEffect, useState } from 'react';
import type { DeviceScope } from '../../lib/protocol/devices';
import { appRootAddress } from '../app-address/app-base';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ModalDialog } from '../modal-dialog/modal-dialog';
import styles from './devices.module.css';
import { PairingQrCode } from './pairing-qr-code';

/**
 * "Devices": pair a phone (a QR code of this page's address with a short code in it, and the code
 * alone to type), and the paired devices, each revocable on its own.
 */
export function DevicesDialog({ onClose }: { onClose: () => void }) {
  const devices = useBatonStore((state) => state.devices);
  const pairing = useBatonStore((state) => state.pairing);
  const error = useBatonStore((state) => state.devicesError);
  const load = useBatonStore((state) => state.loadDevices);
  const startPairing = useBatonStore((state) => state.startPairing);
  const revoke = useBatonStore((state) => state.revokeDevice);
  const endPairing = useBatonStore((state) => state.endPairing);
  const [name, setName] = useState('Phone');
  const [scope, setScope] = useState<DeviceScope>('answer-and-watch');

  useEffect(() => {
    void load();
    return endPairing;
  }, [load, endPairing]);

  const address = pairing ? `${appRootAddress()}/#code=${pairing.code}` : '';
  return (
    <ModalDialog className={styles.dialog} labelledBy="devices-title" testId="devices-dialog" onCancel={onClose}>
      <h3 id="devices-title">Devices</h3>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      {pairing ? (
        <section className={styles.pairing} aria-label={`Pairing ${pairing.name}`}>
          <PairingQrCode address={address} />
          <p>
            Open <code data-testid="pairing-address">{address}</code> on the device, or type the code{' '}
            <strong data-testid="pairing-code">{pairing.code}</strong>. It works once, until{' '}
            {new Date(pairing.expiresAt).toLocaleTimeString()}.
          </p>
          <p className={styles.note}>The device must reach this address: see “Pairing a phone” in the README.</p>
        </section>
      ) : (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void startPairing(name, scope);
          }}
        >
          <label>
            Name <input value={name} maxLength={60} data-testid="device-name" onChange={(event) => setName(event.target.value)} />
          </label>
          <label>
            May{' '}
            <select value={scope} data-testid="device-scope" onChange={(event) => setScope(event.target.value as DeviceScope)}>
              <option value="answer-and-watch">watch threads and answer (no prompts, no files)</option>
              <option value="full">do everything this page does</option>
            </select>
          </label>
          <button type="submit" className="button" data-testid="start-pairing">
            Pair a device
          </button>
        </form>
      )}
      <ul className={styles.list} data-testid="device-list">
        {devices?.map((device) => (
          <li key={device.id} className={styles.row}>
            <span>
              <strong>{device.name}</strong> · {device.scope === 'full' ? 'everything' : 'watch and answer'}
              {device.lastSeenAt ? ` · last seen ${new Date(device.lastSeenAt).toLocaleString()}` : ' · not connected yet'}
            </span>
            <button type="button" className="button" aria-label={`Revoke ${device.name}`} onClick={() => void revoke(device.id)}>
              Revoke
            </button>
          </li>
        ))}
      </ul>
      {devices?.length === 0 ? <p>No device is paired.</p> : null}
      <div className={styles.buttons}>
        <button type="button" className="button" data-testid="close-devices" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
