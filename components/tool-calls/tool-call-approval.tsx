'use client';

import type { ApprovalOption } from '../../lib/protocol/agents';
import { selectActiveAgent } from '../../stores/active-agent';
import { selectWatchOnly, WATCH_ONLY_WAITING } from '../../stores/connection-slice';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './tool-call.module.css';
import type { ApprovalAnswers } from './use-approval-answers';

/**
 * The answers to a tool call waiting for approval, once. The agent's own options by their labels
 * when it gave some (ACP); otherwise Approve, Approve for this session (where the agent has
 * sessions) and Reject. The keys that answer from the card are named beside them.
 */
export function ToolCallApproval({
  answers,
  toolName,
  options,
}: {
  answers: ApprovalAnswers;
  toolName: string;
  options?: readonly ApprovalOption[];
}) {
  const sessionApproval = useBatonStore((state) => selectActiveAgent(state)?.capabilities.sessionApproval ?? true);
  const watchOnly = useBatonStore(selectWatchOnly);
  const { decided } = answers;

  if (watchOnly) {
    return (
      <div className={styles.approval}>
        <span className={styles.question} data-testid="approval-watch-only">
          {WATCH_ONLY_WAITING}
        </span>
      </div>
    );
  }

  if (options && options.length > 0) {
    const firstAllow = options.find((candidate) => candidate.kind.startsWith('allow'));
    const hasReject = options.some((candidate) => candidate.kind.startsWith('reject'));
    return (
      <div className={styles.approval}>
        <span className={styles.question}>Run this tool call?</span>{' '}
        {options.map((option) => {
          const allows = option.kind.startsWith('allow');
          return (
            <button
              key={option.optionId}
              type="button"
              className={option === firstAllow ? 'button button--primary' : 'button'}
              data-testid="approval-option"
              data-option-kind={option.kind}
              disabled={decided}
              onClick={() => (allows ? answers.approve({ optionId: option.optionId }) : answers.reject({ optionId: option.optionId }))}
            >
              {option.name}
            </button>
          );
        })}{' '}
        <KeyHint approves={firstAllow !== undefined} rejects={hasReject} />
      </div>
    );
  }

  return (
    <div className={styles.approval}>
      <span className={styles.question}>Run this tool call?</span>{' '}
      <button
        type="button"
        className="button button--primary"
        data-testid="approve-tool-call"
        disabled={decided}
        onClick={() => answers.approve()}
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
            onClick={() => answers.approve({ forSession: true })}
          >
            Approve for this session
          </button>{' '}
        </>
      ) : null}
      <button type="button" className="button" data-testid="reject-tool-call" disabled={decided} onClick={() => answers.reject()}>
        Reject
      </button>{' '}
      <KeyHint approves rejects />
    </div>
  );
}

/** Shown on the card; the keys work while the card itself has focus. */
function KeyHint({ approves, rejects }: { approves: boolean; rejects: boolean }) {
  if (!approves && !rejects) return null;
  return (
    <span className={styles.keyHint} data-testid="approval-key-hint" title="While this card has focus">
      {approves ? (
        <>
          <kbd>Enter</kbd> approve
        </>
      ) : null}
      {approves && rejects ? ' · ' : null}
      {rejects ? (
        <>
          <kbd>Esc</kbd> reject
        </>
      ) : null}
    </span>
  );
}
