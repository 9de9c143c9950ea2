'use client';

import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { selectOpenChat } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ThreadDetailsFacts } from './thread-details-facts';
import { ThreadHistory } from './thread-history';
import styles from './thread-header.module.css';
import { TOTAL_USAGE_MEANING, totalUsageFigure, usageFigureText } from './thread-usage-text';

/**
 * The header's one usage figure (the thread's total tokens, and cost when priced), which is also
 * the button that opens the thread's details: a non-modal dialog under it that takes focus, and
 * closes on Esc (focus back on the button), on a press outside, or when focus leaves it.
 */
export function ThreadDetailsButton() {
  const threadId = useBatonStore((state) => state.selectedThreadId);
  const turnRunning = useBatonStore((state) => selectOpenChat(state).turnRunning);
  const details = useBatonStore((state) => (state.threadDetails?.id === state.selectedThreadId ? state.threadDetails : null));
  const loadThreadDetails = useBatonStore((state) => state.loadThreadDetails);
  const [open, setOpen] = useState(false);
  const dialogId = useId();
  const anchor = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);

  // Read again when a turn ends: its usage is in the store by then.
  useEffect(() => {
    if (threadId !== null && !turnRunning) void loadThreadDetails(threadId);
  }, [threadId, turnRunning, loadThreadDetails]);

  // Another thread opened: its details start closed.
  useEffect(() => setOpen(false), [threadId]);

  useEffect(() => {
    if (!open) return;
    dialog.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!anchor.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('pointerdown', onPointerDown);
    return () => window.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (!details) return null;
  const figure = totalUsageFigure(details);
  const figureText = usageFigureText(figure);
  const onBlur = (event: FocusEvent) => {
    if (!anchor.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <span ref={anchor} className={styles.detailsAnchor} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className={`button ${styles.headerButton} ${styles.figure}`}
        data-testid="thread-details-button"
        aria-label={`Thread details: ${figureText}`}
        title={`${TOTAL_USAGE_MEANING}. Shows the thread’s details.`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        <span data-testid="thread-usage">
          <span data-testid="thread-usage-tokens">{figure.tokens}</span>
          {figure.cost === null ? null : (
            <>
              {' · '}
              <span data-testid="thread-usage-cost">{figure.cost}</span>
            </>
          )}
        </span>
        <span className={styles.chevron} aria-hidden="true">
          {open ? '▴' : '▾'}
        </span>
      </button>
      {open ? (
        <div
          ref={dialog}
          id={dialogId}
          role="dialog"
          aria-label="Thread details"
          tabIndex={-1}
          className={styles.popover}
          data-testid="thread-details-popover"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            // Its own Esc: not also "stop the turn".
            event.preventDefault();
            event.stopPropagation();
            setOpen(false);
            button.current?.focus();
          }}
        >
          <ThreadDetailsFacts details={details} figure={figure} />
          <ThreadHistory threadId={details.id} />
        </div>
      ) : null}
    </span>
  );
}
