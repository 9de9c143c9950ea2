'use client';

import { useEffect } from 'react';
import { selectOpenChat } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';

const ENTRY_HASH = /^#entry-(\d+)$/;

/** The entry an address's `#entry-N` names (an entry's link), if any. */
export function entryIndexFromHash(hash: string): number | undefined {
  const match = ENTRY_HASH.exec(hash);
  return match ? Number(match[1]) : undefined;
}

/** A page opened with `#entry-N` on an open thread goes to that entry once it is loaded. */
export function useEntryHash(): void {
  const threadId = useBatonStore((state) => state.selectedThreadId);
  const loaded = useBatonStore((state) => selectOpenChat(state).loaded);
  const goToEntry = useBatonStore((state) => state.goToEntry);
  useEffect(() => {
    if (threadId === null || !loaded) return;
    const index = entryIndexFromHash(window.location.hash);
    if (index !== undefined) void goToEntry(index);
  }, [threadId, loaded, goToEntry]);
}
