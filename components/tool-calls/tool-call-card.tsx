'use client';

import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef } from 'react';
import type { ToolCallEntry } from '../../lib/protocol/thread-model';
import { ToolCallApprovalNote } from './tool-call-approval-note';
import { MarkedText } from './marked-text';
import styles from './tool-call.module.css';
import { formatDuration } from './tool-call-duration';
import { ToolCallBoundaryNote } from './tool-call-boundary-note';
import { toolCallResultLine, withoutEscapes } from './tool-call-result-line';
import { ToolCallStatusIcon } from './tool-call-status-icon';
import { useApprovalAnswers } from './use-approval-answers';
import { useApprovalFocus } from './use-approval-focus';
import { useToolCallExpanded } from './use-tool-call-expanded';

/** The body's chunk (a diff, a command's output): also fetched ahead, with the thread view (../chat/use-thread-view-loaded.ts). */
export const loadToolCallBody = () => import('./tool-call-body');
const ToolCallBody = lazy(loadToolCallBody);

/**
 * A tool call as one line (status, tool, what it works on, who approved it and which sandbox
 * held, how long it took) that opens on click
 * to show the change's diff, the command's output or the arguments. A call waiting for approval
 * is open, marked, and answers Enter (approve) and Esc (reject) while the card has focus.
 *
 * The `{' '}` and `{'\n'}` text between blocks are not shown (the layout drops them); they keep
 * the card's plain text readable ("edit_file Edit notes.md Done", not "edit_fileEdit notes.mdDone").
 */
export function ToolCallCard({ entry }: { entry: ToolCallEntry }) {
  const [expanded, toggle] = useToolCallExpanded(entry);
  const bodyId = useId();
  const card = useRef<HTMLElement>(null);
  const waiting = entry.status === 'waiting-approval';
  const answers = useApprovalAnswers(entry.id, entry.approvalOptions);
  useApprovalFocus(card, entry.id, waiting);
  // The body's code is fetched as soon as any card shows, not when one first opens: a call that
  // comes to wait for approval then shows its Approve and Reject at once, not a moment later.
  useEffect(() => {
    // A failed fetch here is dropped: the card's own lazy load fetches again when it opens, and says so.
    loadToolCallBody().catch(() => undefined);
  }, []);

  const answerByKey = (event: KeyboardEvent<HTMLElement>) => {
    if (!waiting || answers.decided || event.nativeEvent.isComposing) return;
    // Esc anywhere on the card rejects (and is not also taken as "stop the turn"); Enter only on the
    // card itself, so that Enter on one of its buttons does what that button says.
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      answers.rejectByKey();
    } else if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      answers.approveByKey();
    }
  };
  const duration = formatDuration(entry.totalTimeMs);
  const result = toolCallResultLine(entry);

  return (
    <article
      ref={card}
      className={`${styles.call} ${styles[statusClass(entry.status)] ?? ''}`}
      data-testid="tool-call-card"
      data-status={entry.status}
      data-tool-name={entry.name}
      data-expanded={expanded ? 'true' : 'false'}
      aria-label={`Tool call ${entry.name}`}
      tabIndex={waiting ? 0 : undefined}
      onKeyDown={waiting ? answerByKey : undefined}
    >
      <button
        type="button"
        className={styles.row}
        aria-expanded={expanded}
        aria-controls={expanded ? bodyId : undefined}
        data-testid="tool-call-toggle"
        onClick={toggle}
      >
        <ToolCallStatusIcon status={entry.status} /> <span className={styles.name}>{entry.name}</span>
        {entry.summary ? (
          <>
            {' '}
            <span className={styles.summary} data-testid="tool-call-summary">
              <MarkedText text={withoutEscapes(entry.summary)} />
            </span>
          </>
        ) : null}
        {result ? (
          <>
            {' '}
            <span className={`${styles.summary} ${styles.resultLine}`} data-testid="tool-call-result">
              <MarkedText text={result} />
            </span>
          </>
        ) : null}{' '}
        {entry.approval || entry.boundary ? (
          <span className={styles.notes}>
            <ToolCallApprovalNote entry={entry} />
            {entry.approval && entry.boundary ? ' ' : null}
            <ToolCallBoundaryNote entry={entry} />
          </span>
        ) : null}
        {duration ? (
          <>
            {' '}
            <span className={styles.duration} data-testid="tool-call-duration">
              {duration}
            </span>
          </>
        ) : null}
      </button>
      {'\n'}
      {expanded ? (
        // The fallback carries the body's id, so the row's aria-controls names an element while it loads.
        <Suspense fallback={<div id={bodyId} aria-busy="true" />}>
          <ToolCallBody id={bodyId} entry={entry} answers={answers} />
        </Suspense>
      ) : null}
    </article>
  );
}

function statusClass(status: ToolCallEntry['status']): string {
  return status === 'waiting-approval' ? 'waitingApproval' : status;
}
