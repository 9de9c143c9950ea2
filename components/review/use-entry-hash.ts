'use client';

import { useEffect } from 'react';
import { selectOpenChat } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';

const ENTRY_HASH = /^#entry-(\d+)$/;

/** A page opened with `#entry-N` on an open thread goes to that entry once it is loaded. */
export function useEntryHash(): void {
  const threadId = useBatonStore((state) => state.selectedThreadId);
  const loaded = useBatonStore((state) => selectOpenChat(state).loaded);
  const goToEntry = useBatonStore((state) => state.goToEntry);
  useEffect(() => {
    if (threadId === null || !loaded) return;
    const match = ENTRY_HASH.exec(window.location.hash);
    if (match) void goToEntry(Number(match[1]));
  }, [threadId, loaded, goToEntry]);
}
