'use client';

import { useEffect } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import { DiffView } from '../tool-calls/diff-view';
import styles from './review.module.css';

/** Every file the thread changed, each with its changes' diffs in order; a click goes to the call. */
export function ChangesView() {
  const threadId = useBatonStore((state) => state.selectedThreadId);
  const changes = useBatonStore((state) => state.threadChanges);
  const loadThreadChanges = useBatonStore((state) => state.loadThreadChanges);
  const goToEntry = useBatonStore((state) => state.goToEntry);

  useEffect(() => {
    if (threadId !== null) void loadThreadChanges(threadId);
  }, [threadId, loadThreadChanges]);

  if (!changes) return null;
  return (
    <section className={styles.changes} data-testid="changes-view" aria-label="Changes">
      {changes.files.length === 0 ? <p>This thread changed no files.</p> : null}
      {changes.files.map((file) => (
        <article key={file.path} data-testid="changes-file" data-path={file.path}>
          <h3 className={styles.changesPath}>
            <code>{file.path}</code> <span className={styles.countAdded}>+{file.linesAdded}</span>{' '}
            <span className={styles.countRemoved}>−{file.linesRemoved}</span>
          </h3>
          {file.changes.map((change) => (
            <div key={change.entryIndex}>
              <button type="button" className={styles.smallButton} onClick={() => void goToEntry(change.entryIndex)}>
                Go to the change
              </button>
              <DiffView details={{ type: 'fileChange', path: file.path, diff: change.diff, linesAdded: change.linesAdded, linesRemoved: change.linesRemoved }} />
            </div>
          ))}
        </article>
      ))}
    </section>
  );
}
