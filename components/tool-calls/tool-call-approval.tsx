'use client';

import { useState } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';

/**
 * Approve, approve for the rest of this thread's session, or Reject, once: the buttons lock until
 * the relay reports the call's next state.
 */
export function ToolCallApproval({ toolCallId, toolName }: { toolCallId: string; toolName: string }) {
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
        data-testid="approve-tool-call-session"
        disabled={decided}
        title={`Run ${toolName} without asking again in this thread until Baton restarts`}
        onClick={() => {
          setDecided(true);
          approveToolCall(toolCallId, { forSession: true });
        }}
      >
        Approve for this session
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
