'use client';

import { useRef, useState } from 'react';
import { MAX_THREAD_TITLE_LENGTH } from '../../lib/protocol/thread-list-methods';
import styles from './threads.module.css';

/** The thread's title in place, editable: Enter saves, Escape (or leaving it unchanged) cancels. */
export function ThreadTitleEditor({ title, onSave, onDone }: { title: string; onSave(title: string): Promise<boolean>; onDone(): void }) {
  const [draft, setDraft] = useState(title);
  // Enter saves, and the blur that follows as the input goes must not save again.
  const finished = useRef(false);

  const save = async () => {
    if (finished.current) return;
    finished.current = true;
    const trimmed = draft.trim();
    if (trimmed === '' || trimmed === title) return onDone();
    if (await onSave(trimmed)) return onDone();
    finished.current = false;
  };

  return (
    <input
      className={styles.titleInput}
      data-testid="thread-title-input"
      aria-label="Thread title"
      value={draft}
      maxLength={MAX_THREAD_TITLE_LENGTH}
      autoFocus
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          void save();
        } else if (event.key === 'Escape') {
          finished.current = true;
          onDone();
        }
      }}
    />
  );
}
