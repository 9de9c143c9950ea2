'use client';

import { useEffect } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import { DiffView } from '../tool-calls/diff-view';

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
    <section className="changes-view" data-testid="changes-view" aria-label="Changes">
      {changes.files.length === 0 ? <p className="changes-view__empty">This thread changed no files.</p> : null}
      {changes.files.map((file) => (
        <article key={file.path} className="changes-view__file" data-testid="changes-file" data-path={file.path}>
          <h3 className="changes-view__path">
            <code>{file.path}</code> <span className="diff__count diff__count--added">+{file.linesAdded}</span>{' '}
            <span className="diff__count diff__count--removed">−{file.linesRemoved}</span>
          </h3>
          {file.changes.map((change) => (
            <div key={change.entryIndex} className="changes-view__change">
              <button type="button" className="changes-view__jump" onClick={() => void goToEntry(change.entryIndex)}>
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
