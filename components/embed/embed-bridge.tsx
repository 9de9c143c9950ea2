'use client';

/**
 * Inside a frame, loads and starts the page's side of the postMessage API (start-embed-bridge.ts);
 * a page that is not framed never loads it. Renders nothing.
 */
import { useContext, useEffect } from 'react';
import { BatonStoreContext } from '../baton-client/baton-store-context';

export function EmbedBridge() {
  const store = useContext(BatonStoreContext);

  useEffect(() => {
    if (!store || window.parent === window) return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    import('./start-embed-bridge').then(
      ({ startEmbedBridge }) => {
        if (!unmounted) stop = startEmbedBridge(store);
      },
      (error: unknown) => console.warn(`[baton] could not start the embed bridge: ${String(error)}`),
    );
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [store]);

  return null;
}
