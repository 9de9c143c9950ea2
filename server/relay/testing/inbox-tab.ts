/**
 * A tab of the relay as the inbox tests drive it: its connection, and what the inbox told it (the
 * list after each change, and the alerts), with a wait for the list to satisfy a predicate.
 */
import type { InboxItem } from '../../../lib/protocol/inbox';
import { connectRelayClient, type RelayClient } from '../../../e2e/support/relay-client';

export interface InboxTab {
  client: RelayClient;
  alerts: InboxItem[];
  /** The inbox as last told. */
  current(): InboxItem[];
  /** Resolves once the inbox as told satisfies the predicate (bounded by the test's timeout). */
  until(predicate: (items: InboxItem[]) => boolean): Promise<void>;
}

export async function connectInboxTab(relay: { origin: string; token: string; asPage?: boolean }): Promise<InboxTab> {
  const client = await connectRelayClient(relay);
  const lists: InboxItem[][] = [];
  const alerts: InboxItem[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  client.rpc.onNotification('inbox/changed', ({ items }) => {
    lists.push(items);
    wake();
  });
  client.rpc.onNotification('inbox/alert', ({ item }) => {
    alerts.push(item);
    wake();
  });
  const current = () => lists.at(-1) ?? [];
  return {
    client,
    alerts,
    current,
    until: (predicate) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!predicate(current())) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
  };
}
