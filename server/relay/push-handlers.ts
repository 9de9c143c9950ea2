/**
 * The Web Push methods of one tab (lib/protocol/push.ts): the relay's VAPID public key, and
 * subscribing or unsubscribing this browser. What is pushed, and when, is server/push/push-sender.ts.
 */
import { asRpc } from './rpc-errors';
import type { TabContext } from './tab-context';

export function registerPushHandlers({ connection, push }: TabContext): void {
  const sender = () => {
    if (!push) throw new Error('This relay sends no push notifications.');
    return push;
  };
  connection.onRequest('push/publicKey', () => asRpc(async () => ({ publicKey: await sender().publicKey() })));
  connection.onRequest('push/subscribe', (params) =>
    asRpc(async () => {
      await sender().subscribe(params);
      return null;
    }),
  );
  connection.onRequest('push/unsubscribe', ({ endpoint }) =>
    asRpc(async () => {
      await sender().unsubscribe(endpoint);
      return null;
    }),
  );
}
