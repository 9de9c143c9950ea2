'use client';

import { selectOpenChat } from '../../stores/baton-store';
import { entryCount } from '../../stores/entry-list';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ChatEntries } from './chat-entries';
import styles from './chat.module.css';
import { usePreloadThreadView } from './use-preload-thread-view';
import { useVirtuosoLoaded } from './virtuoso-loader';

/**
 * The chat's entries, once the list that shows them has loaded. A thread chosen starts fetching it
 * while its entries are on their way; should they come first, the list's place stays empty (the
 * same box) until it is there, and the list then mounts as on any thread opened.
 */
export function ChatEntriesOnceListLoaded() {
  const threadId = useBatonStore((state) => state.selectedThreadId);
  const hasEntries = useBatonStore((state) => entryCount(selectOpenChat(state).entries) > 0);
  usePreloadThreadView(threadId);
  const listLoaded = useVirtuosoLoaded(threadId !== null);
  if (threadId !== null && hasEntries && !listLoaded) return <div className={`${styles.entries} ${styles.list}`} />;
  return <ChatEntries />;
}
