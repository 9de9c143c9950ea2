'use client';

import type { ThreadRevertFileResult } from '../../lib/protocol/thread-file-revert';
import styles from './changes.module.css';

/**
 * What "Revert this file" did: the file put back or removed; a file changed since the thread's
 * last write, left as it is until the user chooses to lose that change (as the rewind dialog
 * asks); or a file that cannot be reverted at all, with the reason (the config, the workspace).
 */
export function RevertOutcome({
  path,
  outcome,
  reverting,
  onOverwrite,
  onKeep,
}: {
  path: string;
  outcome: ThreadRevertFileResult | null;
  reverting: boolean;
  onOverwrite: () => void;
  onKeep: () => void;
}) {
  if (!outcome) return null;
  if (outcome.outcome === 'reverted') {
    return (
      <p className={styles.note} role="status" data-testid="changes-revert-done">
        {outcome.file.action === 'remove'
          ? `This thread created ${path}; it was removed.`
          : `${path} is back as it was before this thread.`}
      </p>
    );
  }
  const { conflict } = outcome;
  if (!conflict.overridable) {
    return (
      <p className={styles.conflict} role="alert" data-testid="changes-revert-refused">
        Not reverted: {conflict.reason}
      </p>
    );
  }
  return (
    <div className={styles.conflict} role="alert" data-testid="changes-revert-conflict">
      <p>Not reverted yet: {conflict.reason}</p>
      <div className={styles.choices}>
        <button
          type="button"
          className="button button--danger"
          disabled={reverting}
          data-testid="changes-revert-overwrite"
          onClick={onOverwrite}
        >
          Revert anyway
        </button>
        <button type="button" className="button" disabled={reverting} onClick={onKeep}>
          Keep the file as it is
        </button>
      </div>
    </div>
  );
}
