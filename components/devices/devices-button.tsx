'use client';

import { useState } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import { DevicesDialog } from './devices-dialog';

/** "Devices" in the header: pair a phone, see and revoke the paired devices. */
export function DevicesButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  // Only the main token may pair or revoke; a device's page would only be refused.
  const device = useBatonStore((state) => state.device !== null);
  if (device) return null;
  return (
    <>
      <button
        type="button"
        className={className ? `button ${className}` : 'button'}
        data-testid="devices-button"
        disabled={!connected}
        onClick={() => setOpen(true)}
      >
        Devices
      </button>
      {open ? <DevicesDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
