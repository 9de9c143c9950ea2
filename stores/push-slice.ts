/**
 * This browser's Web Push subscription as the relay knows it (lib/protocol/push.ts): the relay's
 * public key to subscribe with, and subscribing (again, with the threads muted now) or unsubscribing.
 * The subscription itself is the browser's (components/inbox/use-push-subscription.ts).
 */
import type { PushSubscriptionJson } from '../lib/protocol/push';
import type { BatonSliceCreator } from './baton-state';

export interface PushSlice {
  pushPublicKey(): Promise<string>;
  /** Subscribes this browser, or tells the relay the threads it mutes now. */
  subscribePush(subscription: PushSubscriptionJson, muted: readonly string[]): Promise<void>;
  unsubscribePush(endpoint: string): Promise<void>;
}

export const createPushSlice: BatonSliceCreator<PushSlice> = (rpc) => () => ({
  async pushPublicKey() {
    return (await rpc.request('push/publicKey', null)).publicKey;
  },
  async subscribePush(subscription, muted) {
    await rpc.request('push/subscribe', { subscription, muted: [...muted] });
  },
  async unsubscribePush(endpoint) {
    await rpc.request('push/unsubscribe', { endpoint });
  },
});
