'use client';

import { useState } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import { selectOperator } from '../../stores/connection-slice';
import { DevicesDialog } from './devices-dialog';

/** "Devices" in the header: pair a phone, see and revoke the paired devices. */
export function DevicesButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  // Only the main token and operators may pair or revoke; a device's page, or a viewer's or an
  // approver's, would only be refused.
  const refused = useBatonStore((state) => state.device !== null || !selectOperator(state));
  if (refused) return null;
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
