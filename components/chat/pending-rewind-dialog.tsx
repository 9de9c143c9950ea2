'use client';

import dynamic from 'next/dynamic';
import { useBatonStore } from '../baton-client/baton-store-context';

/**
 * The rewind dialog, fetched when a rewind is asked for rather than with the page. (The thread's
 * details header is not loaded so: it sits above the list, and coming later than the entries it
 * would push the newest entry out of view.)
 */
const RewindDialog = dynamic(() => import('../rewind/rewind-dialog').then((module) => module.RewindDialog), { ssr: false });

/** The rewind confirmation, while a rewind waits for it (the dialog itself shows nothing otherwise). */
export function PendingRewindDialog() {
  const pending = useBatonStore((state) => state.pendingRewind !== null);
  return pending ? <RewindDialog /> : null;
}
