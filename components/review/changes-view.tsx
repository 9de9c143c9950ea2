'use client';

import { useEffect } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ChangedFile } from './changed-file';
import styles from './changes.module.css';

/**
 * The thread's Changes panel, in the chat's place (one scroll area, the width diffs need, the same
 * in every layout): every file the thread changed under its own header, each with its diffs and
 * "Revert this file". The header's button and "Go to the change" bring the chat back.
 */
export function ChangesView() {
  const threadId = useBatonStore((state) => state.selectedThreadId);
  const changes = useBatonStore((state) => (state.threadChangesOf === state.selectedThreadId ? state.threadChanges : null));
  const loadThreadChanges = useBatonStore((state) => state.loadThreadChanges);
  const showChanges = useBatonStore((state) => state.showChanges);

  useEffect(() => {
    if (threadId !== null) void loadThreadChanges(threadId);
  }, [threadId, loadThreadChanges]);

  return (
    <section className={styles.panel} data-testid="changes-view" aria-labelledby="changes-title">
      <div className={styles.header}>
        <h2 id="changes-title" className={styles.title}>
          Changes
        </h2>
        <span className={styles.summary} data-testid="changes-summary">
          {changes ? summaryOf(changes.files) : 'Reading what the thread changed…'}
        </span>
        <button type="button" className="button" onClick={() => showChanges(false)}>
          Back to the chat
        </button>
      </div>
      {changes && changes.files.length === 0 ? <p>This thread changed no files.</p> : null}
      {changes?.files.map((file) => (
        <ChangedFile key={file.path} file={file} />
      ))}
    </section>
  );
}

function summaryOf(files: ReadonlyArray<{ linesAdded: number; linesRemoved: number }>): string {
  const added = files.reduce((sum, file) => sum + file.linesAdded, 0);
  const removed = files.reduce((sum, file) => sum + file.linesRemoved, 0);
  return `${files.length} ${files.length === 1 ? 'file' : 'files'}, +${added} −${removed}`;
}
