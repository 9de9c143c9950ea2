'use client';

import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './embed-bar.module.css';

const NEW_CHAT = '';

/** The embed layout's thread list: a select of the loaded threads; the whole list is in the menu. */
export function ThreadSwitcher() {
  const threads = useBatonStore((state) => state.threads);
  const selectedThreadId = useBatonStore((state) => state.selectedThreadId);
  const selectThread = useBatonStore((state) => state.selectThread);
  const startNewChat = useBatonStore((state) => state.startNewChat);
  // A thread opened from its address or a search may not be among the threads loaded so far.
  const selectedListed = selectedThreadId === null || threads.some((thread) => thread.id === selectedThreadId);

  return (
    <select
      className={styles.switcher}
      data-testid="thread-switcher"
      aria-label="Thread"
      value={selectedThreadId ?? NEW_CHAT}
      onChange={(event) => {
        const threadId = event.target.value;
        if (threadId === NEW_CHAT) startNewChat();
        else void selectThread(threadId);
      }}
    >
      <option value={NEW_CHAT}>New chat</option>
      {selectedListed ? null : <option value={selectedThreadId ?? NEW_CHAT}>This thread</option>}
      {threads.map((thread) => (
        <option key={thread.id} value={thread.id}>
          {thread.title || 'New thread'}
        </option>
      ))}
    </select>
  );
}
