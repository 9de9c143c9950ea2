/**
 * The tab's side of "approve from anywhere": it tells the relay whether it can be seen (the Page
 * Visibility API), and shows the relay's alerts (a question waiting, a turn ended, in a thread no
 * visible tab has open) as browser notifications, unless they are off or the thread is muted.
 * Clicking one brings this tab forward with the thread open. Each notification is tagged with its
 * item, so several tabs showing the same alert show it once.
 */
import { useContext, useEffect } from 'react';
import { inboxItemKey } from '../../lib/protocol/inbox';
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
    return store.subscribe((state, previous) => {
      const alert = state.inboxAlert;
      if (!alert || alert === previous.inboxAlert) return;
      const { item } = alert;
      const settings = readInboxSettings();
      if (!settings.enabled || settings.muted.includes(item.threadId)) return;
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
      // The relay alerts only where no visible tab looks; this tab looking now (it just came forward) needs none either.
      if (state.tabVisible && state.selectedThreadId === item.threadId) return;
      const { title, body } = notificationText(item);
      const notification = new Notification(title, { body, tag: inboxItemKey(item) });
      notification.onclick = () => {
        window.focus();
        notification.close();
        void store.getState().selectThread(item.threadId);
      };
    });
  }, [store]);
}
