'use client';

import { useState } from 'react';
import type { ApprovalOption } from '../../lib/protocol/agents';
import { selectActiveAgent } from '../../stores/active-agent';
import { useBatonStore } from '../baton-client/baton-store-context';

/**
 * The answers to a tool call waiting for approval, once: the buttons lock until the relay reports
 * the call's next state. The agent's own options by their labels when it gave some (ACP);
 * otherwise Approve, Approve for this session (where the agent has sessions) and Reject.
 */
export function ToolCallApproval({
  toolCallId,
  toolName,
  options,
}: {
  toolCallId: string;
  toolName: string;
  options?: readonly ApprovalOption[];
}) {
  const [decided, setDecided] = useState(false);
  const approveToolCall = useBatonStore((state) => state.approveToolCall);
  const rejectToolCall = useBatonStore((state) => state.rejectToolCall);
  const sessionApproval = useBatonStore((state) => selectActiveAgent(state)?.capabilities.sessionApproval ?? true);
  const answer = (decide: () => void) => () => {
    setDecided(true);
    decide();
  };

  if (options && options.length > 0) {
    return (
      <div className="tool-call__approval">
        <span className="tool-call__question">Run this tool call?</span>{' '}
        {options.map((option) => {
          const allows = option.kind.startsWith('allow');
          return (
            <button
              key={option.optionId}
              type="button"
              className={allows && option === options.find((candidate) => candidate.kind.startsWith('allow')) ? 'button button--primary' : 'button'}
              data-testid="approval-option"
              data-option-kind={option.kind}
              disabled={decided}
              onClick={answer(() =>
                allows ? approveToolCall(toolCallId, { optionId: option.optionId }) : rejectToolCall(toolCallId, { optionId: option.optionId }),
              )}
            >
              {option.name}
            </button>
          );
        })}
      </div>
    );
  }

  return (
    <div className="tool-call__approval">
      <span className="tool-call__question">Run this tool call?</span>{' '}
      <button
        type="button"
        className="button button--primary"
        data-testid="approve-tool-call"
        disabled={decided}
        onClick={answer(() => approveToolCall(toolCallId))}
      >
        Approve
      </button>{' '}
      {sessionApproval ? (
        <>
          <button
            type="button"
            className="button"
            data-testid="approve-tool-call-session"
            disabled={decided}
            title={`Run ${toolName} without asking again in this thread until Baton restarts`}
            onClick={answer(() => approveToolCall(toolCallId, { forSession: true }))}
          >
            Approve for this session
          </button>{' '}
        </>
      ) : null}
      <button
        type="button"
        className="button"
        data-testid="reject-tool-call"
        disabled={decided}
        onClick={answer(() => rejectToolCall(toolCallId))}
      >
        Reject
      </button>
    </div>
  );
}
