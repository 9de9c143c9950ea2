'use client';

/**
 * Creates the store once per mounted app (zustand's Next.js pattern: no module-level store) and
 * connects it to the relay while mounted.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { createBatonStore } from '../../stores/baton-store';
import { BatonStoreContext } from './baton-store-context';
import { connectRelay } from './connect-relay';
import { RelayLink } from './relay-link';

export function BatonProvider({ children }: { children: ReactNode }) {
  const [{ store, link }] = useState(() => {
    const relayLink = new RelayLink();
    return { store: createBatonStore(relayLink), link: relayLink };
  });

  useEffect(() => connectRelay(store, link), [store, link]);

  return <BatonStoreContext.Provider value={store}>{children}</BatonStoreContext.Provider>;
}
