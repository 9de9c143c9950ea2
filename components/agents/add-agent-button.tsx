'use client';

import { useState } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import { AddAgentDialog } from './add-agent-dialog';

/** "Add agent", beside the new thread's agent: opens the ACP registry's list. */
export function AddAgentButton() {
  const [open, setOpen] = useState(false);
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  return (
    <>
      <button type="button" className="button" data-testid="add-agent" disabled={!connected} onClick={() => setOpen(true)}>
        Add agent
      </button>
      {open ? <AddAgentDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
