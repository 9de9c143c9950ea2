'use client';

import { useState } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import { RewindFileList } from './rewind-file-list';
import styles from './rewind.module.css';

/** Confirms a rewind: how many entries go, which files are restored, which are left and why. */
export function RewindDialog() {
  const pending = useBatonStore((state) => state.pendingRewind);
  const confirmRewind = useBatonStore((state) => state.confirmRewind);
  const cancelRewind = useBatonStore((state) => state.cancelRewind);
  const [overwrite, setOverwrite] = useState(false);
  if (!pending) return null;
  const { preview } = pending;
  const overridable = preview.conflicts.some((conflict) => conflict.overridable);

  return (
    <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby="rewind-dialog-title" data-testid="rewind-dialog">
      <h3 id="rewind-dialog-title" className={styles.title}>Rewind to this message?</h3>
      <p>
        This message and the {preview.removedEntries - 1} entries after it leave the thread; its text goes back into the prompt box.
        {preview.files.length === 0 && preview.conflicts.length === 0 && !preview.tooOldToRestore ? ' No files need restoring.' : ''}
      </p>
      {preview.tooOldToRestore ? (
        <p className={styles.conflict} data-testid="rewind-too-old">
          Some of these turns are too old to restore files: Baton keeps the workspace checkpoints of a thread&apos;s last turns only. The files those
          turns changed stay as they are.
        </p>
      ) : null}
      <RewindFileList files={preview.files} conflicts={preview.conflicts} />
      {overridable ? (
        <label>
          <input type="checkbox" data-testid="rewind-overwrite" checked={overwrite} onChange={(event) => setOverwrite(event.target.checked)} />
          Restore the files changed since as well (their later changes are lost)
        </label>
      ) : null}
      <div className={styles.buttons}>
        <button type="button" className="button" data-testid="rewind-cancel" onClick={() => { setOverwrite(false); cancelRewind(); }}>
          Cancel
        </button>
        <button type="button" className="button button--danger" data-testid="rewind-confirm" onClick={() => { setOverwrite(false); void confirmRewind({ overwriteConflicts: overwrite }); }}>
          Rewind
        </button>
      </div>
    </div>
  );
}
