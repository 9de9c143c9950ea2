'use client';

import { selectOpenChat } from '../../stores/baton-store';
import { entryCount } from '../../stores/entry-list';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ChatEntries } from './chat-entries';
import styles from './chat.module.css';
import { useThreadViewLoaded } from './use-thread-view-loaded';

/**
 * The chat's entries, once the list that shows them (and the Markdown renderer) has loaded. A
 * thread chosen starts fetching them while its entries are on their way; should the entries come
 * first, the list's place stays empty (the same box) until they are there, and the list then
 * mounts as on any thread opened.
 */
export function ChatEntriesOnceListLoaded() {
  const threadId = useBatonStore((state) => state.selectedThreadId);
  const hasEntries = useBatonStore((state) => entryCount(selectOpenChat(state).entries) > 0);
  const listLoaded = useThreadViewLoaded(threadId !== null);
  if (threadId !== null && hasEntries && !listLoaded) return <div className={`${styles.entries} ${styles.list}`} />;
  return <ChatEntries />;
}
