'use client';

/**
 * Registers Baton's service worker (public/baton-sw.js) on every visit, not only for push, so that
 * the installed app opens when the relay cannot be reached and says so. Once the worker is
 * ready, the page tells it which of the build's files it loaded before the worker controlled it,
 * for the worker to keep. Off in development, whose files are not hashed and change under it.
 *
 * Not at once: on a first visit, keeping the build's files makes the browser compile each of them
 * for its code cache (about 300 ms of CPU for Baton's chunks), on the worker's thread but on the
 * same cores as the page. Started as the page loads, it landed on the user's first click: a long
 * thread opened right after the page took 350-700 ms to show, with tasks to 78 ms; set up later,
 * 270-460 ms, and one open in 14 had a task over 50 ms (58). So the worker is set up once the
 * page has loaded and stayed up a while, when the browser is idle.
 */
import { useEffect } from 'react';
import { appRootPath } from '../app-address/app-base';
import { whenPageSettled } from './when-page-settled';

export const WORKER_FILE = 'baton-sw.js';

/** How long after the page's load the worker is set up, at the earliest. */
const WORKER_SETUP_DELAY_MS = 5_000;

export function useOfflineWorker(): void {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    return whenPageSettled(setUpOfflineWorker, WORKER_SETUP_DELAY_MS);
  }, []);
}

function setUpOfflineWorker(): void {
  const root = appRootPath();
  navigator.serviceWorker
    .register(`${root}${WORKER_FILE}`, { scope: root })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
      registration.active?.postMessage({ type: 'baton:keep-files', urls });
    })
    .catch((error: unknown) => console.warn(`[baton] the app will not open without the relay: ${String(error)}`));
}
