'use client';

import { useId, useState } from 'react';
import type { ThreadChanges } from '../../lib/protocol/thread-export';
import type { ThreadRevertFileResult } from '../../lib/protocol/thread-file-revert';
import { useBatonStore } from '../baton-client/baton-store-context';
import { DiffView } from '../tool-calls/diff-view';
import styles from './changes.module.css';
import reviewStyles from './review.module.css';
import { RevertOutcome } from './revert-outcome';

type ChangedFileSummary = ThreadChanges['files'][number];

/**
 * One file of the Changes panel: its header (path, lines added and removed) folds its diffs away,
 * and "Revert this file" puts it back as it was before the thread. Folded or not, and what the last
 * revert said, last as long as the panel is open.
 */
export function ChangedFile({ file }: { file: ChangedFileSummary }) {
  const revertFile = useBatonStore((state) => state.revertFile);
  const goToEntry = useBatonStore((state) => state.goToEntry);
  const [collapsed, setCollapsed] = useState(false);
  const [outcome, setOutcome] = useState<ThreadRevertFileResult | null>(null);
  const [reverting, setReverting] = useState(false);
  const bodyId = useId();

  const revert = async (overwriteConflict: boolean) => {
    setReverting(true);
    try {
      setOutcome(await revertFile(file.path, overwriteConflict));
    } finally {
      setReverting(false);
    }
  };
  const reverted = file.reverted === true || outcome?.outcome === 'reverted';

  return (
    <article className={styles.file} data-testid="changes-file" data-path={file.path} data-reverted={reverted || undefined}>
      <div className={styles.fileHeader}>
        <h3 className={styles.fileName}>
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={!collapsed}
            aria-controls={bodyId}
            data-testid="changes-file-toggle"
            onClick={() => setCollapsed((folded) => !folded)}
          >
            <span className={styles.chevron} aria-hidden="true">
              {collapsed ? '▸' : '▾'}
            </span>
            <code>{file.path}</code>
            <span className={styles.countAdded}>+{file.linesAdded}</span>
            <span className={styles.countRemoved}>−{file.linesRemoved}</span>
          </button>
        </h3>
        {reverted ? (
          <span className={styles.reverted} data-testid="changes-file-reverted">
            Reverted
          </span>
        ) : (
          <button
            type="button"
            className="button"
            data-testid="changes-revert"
            aria-label={`Revert this file: ${file.path}`}
            disabled={reverting}
            onClick={() => void revert(false)}
          >
            Revert this file
          </button>
        )}
      </div>
      <RevertOutcome
        path={file.path}
        outcome={outcome}
        reverting={reverting}
        onOverwrite={() => void revert(true)}
        onKeep={() => setOutcome(null)}
      />
      <div id={bodyId} hidden={collapsed} data-testid="changes-file-body">
        {file.changes.map((change) => (
          <div key={change.entryIndex} className={styles.change}>
            <button type="button" className={reviewStyles.smallButton} onClick={() => void goToEntry(change.entryIndex)}>
              Go to the change
            </button>
            <DiffView
              details={{
                type: 'fileChange',
                path: file.path,
                diff: change.diff,
                linesAdded: change.linesAdded,
                linesRemoved: change.linesRemoved,
              }}
            />
          </div>
        ))}
      </div>
    </article>
  );
}
