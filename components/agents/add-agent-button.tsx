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
      {/* A "+" beside the picker: the threads pane's header must keep "New thread" on its row at its narrowest. */}
      <button
        type="button"
        className="button"
        data-testid="add-agent"
        aria-label="Add agent"
        title="Add agent"
        disabled={!connected}
        onClick={() => setOpen(true)}
      >
        +
      </button>
      {open ? <AddAgentDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
