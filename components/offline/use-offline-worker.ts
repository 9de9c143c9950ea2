'use client';

/**
 * Registers Baton's service worker (public/baton-sw.js) on every visit, not only for push, so that
 * the installed app opens when the relay cannot be reached and says so. Once the worker is
 * ready, the page tells it which of the build's files it loaded before the worker controlled it,
 * for the worker to keep. Off in development, whose files are not hashed and change under it.
 */
import { useEffect } from 'react';
import { appRootPath } from '../app-address/app-base';

export const WORKER_FILE = 'baton-sw.js';

export function useOfflineWorker(): void {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    const root = appRootPath();
    navigator.serviceWorker
      .register(`${root}${WORKER_FILE}`, { scope: root })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
        registration.active?.postMessage({ type: 'baton:keep-files', urls });
      })
      .catch((error: unknown) => console.warn(`[baton] the app will not open without the relay: ${String(error)}`));
  }, []);
}
