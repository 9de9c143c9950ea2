'use client';

import { useEffect, useId, useState } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import { InboxPanel } from './inbox-panel';
import { useInboxNotifications } from './use-inbox-notifications';
import styles from './inbox.module.css';

/**
 * The header's inbox: a button with the count of what waits across every thread, which opens the
 * inbox's pane (over the page on a phone). It also keeps the relay told whether this tab can be
 * seen and shows its alerts as notifications (use-inbox-notifications.ts).
 */
export function InboxButton() {
  const count = useBatonStore((state) => state.inbox.length);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  useInboxNotifications();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={count === 0 ? 'Inbox: nothing waits' : `Inbox: ${count} waiting`}
        title="Inbox: what waits for you in every thread"
        onClick={() => setOpen((current) => !current)}
        data-testid="inbox-button"
      >
        {/* A tray drawn here: no emoji font is needed to see it. */}
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path
            d="M2 9.5 4 3h8l2 6.5V13H2Zm0 0h3.5l1 1.5h3l1-1.5H14"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.4"
            strokeLinejoin="round"
          />
        </svg>
        {count > 0 ? (
          <span className={styles.badge} data-testid="inbox-badge">
            {count}
          </span>
        ) : null}
      </button>
      {open ? <InboxPanel id={panelId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
