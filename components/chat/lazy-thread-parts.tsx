'use client';

import dynamic from 'next/dynamic';
import { useBatonStore } from '../baton-client/baton-store-context';

/**
 * Parts of the chat panel that only an open thread (or a rewind asked for) shows, fetched then
 * rather than with the page. Each takes no room until it has something to show, so nothing moves
 * while it loads.
 */
const ThreadDetailsHeader = dynamic(() => import('../review/thread-details-header').then((module) => module.ThreadDetailsHeader), { ssr: false });
const RewindDialog = dynamic(() => import('../rewind/rewind-dialog').then((module) => module.RewindDialog), { ssr: false });

/** The open thread's facts; nothing without a thread (the header itself shows nothing then either). */
export function OpenThreadDetailsHeader() {
  const hasThread = useBatonStore((state) => state.selectedThreadId !== null);
  return hasThread ? <ThreadDetailsHeader /> : null;
}

/** The rewind confirmation, while a rewind waits for it (the dialog itself shows nothing otherwise). */
export function PendingRewindDialog() {
  const pending = useBatonStore((state) => state.pendingRewind !== null);
  return pending ? <RewindDialog /> : null;
}
