/**
 * This browser's Web Push subscription: with it, the relay pushes what the inbox would alert of
 * (a question waiting, a turn ended, where no visible tab looks) even while no tab of it is open,
 * and the service worker (public/baton-sw.js) shows it with Approve and Reject. Turning it on
 * registers the worker at the app's root, asks the browser's permission (this needs the click),
 * subscribes with the relay's VAPID key and tells the relay. The threads muted in the inbox's
 * settings are told again at each change and each (re)connection, so the relay sends nothing of them.
 */
import { useContext, useEffect, useState } from 'react';
import type { PushSubscriptionJson } from '../../lib/protocol/push';
import { appRootPath } from '../app-address/app-base';
import { WORKER_FILE } from '../offline/use-offline-worker';
import { BatonStoreContext, useBatonStore } from '../baton-client/baton-store-context';
import { useInboxSettings } from './inbox-settings';

export type PushStatus = 'unsupported' | 'checking' | 'off' | 'on';

function pushSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined';
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(appRootPath());
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export function usePushSubscription(): { status: PushStatus; refusal: string | null; toggle(): Promise<void> } {
  const store = useContext(BatonStoreContext);
  const { muted } = useInboxSettings();
  // Each new connection may reach a relay whose push file was removed meanwhile: it is told again.
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  const [status, setStatus] = useState<PushStatus>(pushSupported() ? 'checking' : 'unsupported');
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!pushSupported()) return;
    void currentSubscription().then(
      (subscription) => setStatus(subscription ? 'on' : 'off'),
      () => setStatus('off'),
    );
  }, []);

  useEffect(() => {
    if (!store || status !== 'on' || !connected) return;
    void currentSubscription()
      .then((subscription) => subscription && store.getState().subscribePush(subscription.toJSON() as PushSubscriptionJson, muted))
      .catch((error: unknown) => setRefusal(`The relay could not be told of this browser's push subscription: ${String(error)}`));
  }, [store, status, muted, connected]);

  const toggle = async () => {
    if (!store || !pushSupported()) return;
    setRefusal(null);
    try {
      if (status === 'on') {
        const subscription = await currentSubscription();
        if (subscription) {
          await subscription.unsubscribe();
          await store.getState().unsubscribePush(subscription.endpoint);
        }
        return setStatus('off');
      }
      const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
      if (permission !== 'granted') return setRefusal('The browser refused notifications for this page; allow them in its site settings.');
      const registration = await navigator.serviceWorker.register(`${appRootPath()}${WORKER_FILE}`, { scope: appRootPath() });
      const publicKey = await store.getState().pushPublicKey();
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
      await store.getState().subscribePush(subscription.toJSON() as PushSubscriptionJson, muted);
      setStatus('on');
    } catch (error) {
      setRefusal(`Push notifications could not be turned ${status === 'on' ? 'off' : 'on'}: ${String(error)}`);
    }
  };

  return { status, refusal, toggle };
}
