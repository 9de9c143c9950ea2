'use client';

import { useState } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';

/** Approve or Reject, once: the buttons lock until the relay reports the call's next state. */
export function ToolCallApproval({ toolCallId }: { toolCallId: string }) {
  const [decided, setDecided] = useState(false);
  const approveToolCall = useBatonStore((state) => state.approveToolCall);
  const rejectToolCall = useBatonStore((state) => state.rejectToolCall);

  return (
    <div className="tool-call__approval">
      <span className="tool-call__question">Run this tool call?</span>{' '}
      <button
        type="button"
        className="button button--primary"
        data-testid="approve-tool-call"
        disabled={decided}
        onClick={() => {
          setDecided(true);
          approveToolCall(toolCallId);
        }}
      >
        Approve
      </button>{' '}
      <button
        type="button"
        className="button"
        data-testid="reject-tool-call"
        disabled={decided}
        onClick={() => {
          setDecided(true);
          rejectToolCall(toolCallId);
        }}
      >
        Reject
      </button>
    </div>
  );
}
