'use client';

import { useState } from 'react';
import { inboxItemKey } from '../../lib/protocol/inbox';
import { useBatonStore } from '../baton-client/baton-store-context';
import { InboxEntry } from './inbox-entry';
import { toggleThreadMuted, useInboxSettings, writeInboxSettings } from './inbox-settings';
import styles from './inbox.module.css';
import { usePushSubscription } from './use-push-subscription';

/**
 * The inbox's pane: what waits in every thread, oldest first, and the bell that turns browser
 * notifications on (asking the browser's permission, which needs this click) or off, and beside it
 * Web Push, which reaches this browser while no tab is open (./use-push-subscription.ts).
 */
export function InboxPanel({ id, onClose }: { id: string; onClose(): void }) {
  const items = useBatonStore((state) => state.inbox);
  const settings = useInboxSettings();
  const [refusal, setRefusal] = useState<string | null>(null);
  const push = usePushSubscription();

  const toggleNotifications = async () => {
    if (settings.enabled) return writeInboxSettings((current) => ({ ...current, enabled: false }));
    if (typeof Notification === 'undefined') return setRefusal('This browser cannot show notifications.');
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permission !== 'granted') return setRefusal('The browser refused notifications for this page; allow them in its site settings.');
    setRefusal(null);
    writeInboxSettings((current) => ({ ...current, enabled: true }));
  };

  return (
    <section id={id} className={styles.panel} aria-label="Inbox" data-testid="inbox-panel">
      <header className={styles.panelHead}>
        <h2 className={styles.heading}>Waiting for you</h2>
        <button
          type="button"
          className="button"
          aria-pressed={settings.enabled}
          onClick={() => void toggleNotifications()}
          data-testid="inbox-notifications-toggle"
        >
          {settings.enabled ? 'Notifications: on' : 'Notifications: off'}
        </button>
        {push.status === 'unsupported' ? null : (
          <button
            type="button"
            className="button"
            aria-pressed={push.status === 'on'}
            disabled={push.status === 'checking'}
            title="Notifications with Approve and Reject even while no tab of Baton is open"
            onClick={() => void push.toggle()}
            data-testid="inbox-push-toggle"
          >
            {push.status === 'on' ? 'Push: on' : 'Push: off'}
          </button>
        )}
        <button type="button" className="button" onClick={onClose} aria-label="Close the inbox">
          ✕
        </button>
      </header>
      {refusal || push.refusal ? (
        <p className={styles.text} role="alert">
          {refusal ?? push.refusal}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className={styles.empty} data-testid="inbox-empty">
          Nothing waits for you.
        </p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <InboxEntry
              key={inboxItemKey(item)}
              item={item}
              muted={settings.muted.includes(item.threadId)}
              onOpen={onClose}
              onToggleMute={() => toggleThreadMuted(item.threadId)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
