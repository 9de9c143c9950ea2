'use client';

import { useState } from 'react';
import type { ApprovalOption } from '../../lib/protocol/agents';
import { useBatonStore } from '../baton-client/baton-store-context';

export interface ApprovalAnswers {
  /** Answered already: the buttons and keys lock until the relay reports the call's next state. */
  decided: boolean;
  approve(approval?: { forSession?: boolean; optionId?: string }): void;
  reject(rejection?: { optionId?: string }): void;
  /** What Enter does: Approve, or the agent's first option that allows. */
  approveByKey(): void;
  /** What Esc does: Reject, or the agent's first option that rejects (none: nothing). */
  rejectByKey(): void;
}

/** The answers to one call waiting for approval, shared by its buttons and its keys. */
export function useApprovalAnswers(toolCallId: string, options: readonly ApprovalOption[] | undefined): ApprovalAnswers {
  const [decided, setDecided] = useState(false);
  const approveToolCall = useBatonStore((state) => state.approveToolCall);
  const rejectToolCall = useBatonStore((state) => state.rejectToolCall);
  const approve: ApprovalAnswers['approve'] = (approval) => {
    if (decided) return;
    setDecided(true);
    approveToolCall(toolCallId, approval);
  };
  const reject: ApprovalAnswers['reject'] = (rejection) => {
    if (decided) return;
    setDecided(true);
    rejectToolCall(toolCallId, rejection);
  };
  const agentOptions = options && options.length > 0 ? options : undefined;
  const allowOption = agentOptions?.find((option) => option.kind.startsWith('allow'));
  const rejectOption = agentOptions?.find((option) => option.kind.startsWith('reject'));
  return {
    decided,
    approve,
    reject,
    approveByKey: () => {
      if (!agentOptions) approve();
      else if (allowOption) approve({ optionId: allowOption.optionId });
    },
    rejectByKey: () => {
      if (!agentOptions) reject();
      else if (rejectOption) reject({ optionId: rejectOption.optionId });
    },
  };
}
