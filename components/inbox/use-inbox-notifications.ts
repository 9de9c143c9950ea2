/**
 * The tab's side of "approve from anywhere": it tells the relay whether it can be seen (the Page
 * Visibility API), and shows the relay's alerts (a question waiting, a turn ended, in a thread no
 * visible tab has open) as browser notifications, unless they are off or the thread is muted.
 * Clicking one brings this tab forward with the thread open. Each notification is tagged with its
 * item, so several tabs showing the same alert show it once. When the item leaves the inbox
 * (answered in another tab, on a phone, from a push; its turn ended and seen) its notification is
 * closed: it would otherwise ask for something already done.
 */
import { useContext, useEffect } from 'react';
import { type InboxItem, inboxItemKey } from '../../lib/protocol/inbox';
import { BatonStoreContext } from '../baton-client/baton-store-context';
import { notificationText } from '../../lib/inbox/notification-text';
import { readInboxSettings } from './inbox-settings';

export function useInboxNotifications(): void {
  const store = useContext(BatonStoreContext);

  useEffect(() => {
    if (!store) return;
    const report = () => store.getState().reportVisibility(document.visibilityState === 'visible');
    report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [store]);

  useEffect(() => {
    // A click on a push notification (public/baton-sw.js) while this tab is open: it shows the thread.
    if (!store || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null) return;
      const { type, threadId } = data as { type?: unknown; threadId?: unknown };
      if (type === 'baton:open-thread' && typeof threadId === 'string') void store.getState().selectThread(threadId);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [store]);

  useEffect(() => {
    if (!store) return;
    // The notifications this tab shows, by their item's key, until they close or their item goes.
    const open = new Map<string, Notification>();
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.inbox !== previous.inbox) closeGone(open, previous.inbox, state.inbox);
      const alert = state.inboxAlert;
      if (!alert || alert === previous.inboxAlert) return;
      const { item } = alert;
      const settings = readInboxSettings();
      if (!settings.enabled || settings.muted.includes(item.threadId)) return;
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
      // The relay alerts only where no visible tab looks; this tab looking now (it just came forward) needs none either.
      if (state.tabVisible && state.selectedThreadId === item.threadId) return;
      const { title, body } = notificationText(item);
      const key = inboxItemKey(item);
      const notification = new Notification(title, { body, tag: key });
      open.set(key, notification);
      notification.onclose = () => {
        if (open.get(key) === notification) open.delete(key);
      };
      notification.onclick = () => {
        window.focus();
        notification.close();
        void store.getState().selectThread(item.threadId);
      };
    });
    return () => {
      unsubscribe();
      for (const notification of open.values()) notification.close();
    };
  }, [store]);
}

/**
 * Closes the notifications of items that were listed and are no longer. Only a listed item's
 * leaving counts: an alert may come before the list that holds its item.
 */
function closeGone(open: Map<string, Notification>, before: readonly InboxItem[], after: readonly InboxItem[]): void {
  if (open.size === 0) return;
  const remaining = new Set(after.map(inboxItemKey));
  for (const item of before) {
    const key = inboxItemKey(item);
    const notification = open.get(key);
    if (!notification || remaining.has(key)) continue;
    open.delete(key);
    notification.close();
  }
}
