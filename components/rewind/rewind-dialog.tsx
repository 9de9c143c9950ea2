'use client';

import { useState } from 'react';
import { EMPTY_ENTRY_LIST, entryAt } from '../../stores/entry-list';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ModalDialog } from '../modal-dialog/modal-dialog';
import { RewindFileList } from './rewind-file-list';
import styles from './rewind.module.css';

const QUOTED_WORDS = 80;

/**
 * Confirms a rewind: which thread and message, how many entries go, which files are restored,
 * which are left and why. A real modal (the page behind it inert, Esc cancels, focus back where it
 * was): it acts on one thread, so nothing else may be used while it is open. The store closes it
 * when the user leaves its thread.
 */
export function RewindDialog() {
  const pending = useBatonStore((state) => state.pendingRewind);
  const threadTitle = useBatonStore((state) => {
    const thread = state.threads.find((candidate) => candidate.id === state.pendingRewind?.threadId);
    return thread?.title || 'New thread';
  });
  const messageText = useBatonStore((state) => {
    const rewind = state.pendingRewind;
    const entry = rewind ? entryAt(state.chats.get(rewind.threadId)?.entries ?? EMPTY_ENTRY_LIST, rewind.toEntry) : undefined;
    return entry?.type === 'message' ? entry.chunks.map((chunk) => chunk.chunk).join('') : '';
  });
  const confirmRewind = useBatonStore((state) => state.confirmRewind);
  const cancelRewind = useBatonStore((state) => state.cancelRewind);
  const [overwrite, setOverwrite] = useState(false);

  if (!pending) return null;
  const { preview } = pending;
  const overridable = preview.conflicts.some((conflict) => conflict.overridable);
  const quoted = messageText.length > QUOTED_WORDS ? `${messageText.slice(0, QUOTED_WORDS).trimEnd()}…` : messageText;
  const cancel = () => {
    setOverwrite(false);
    cancelRewind();
  };

  return (
    <ModalDialog
      className={styles.dialog}
      labelledBy="rewind-dialog-title"
      describedBy="rewind-dialog-message"
      testId="rewind-dialog"
      onCancel={cancel}
    >
      <h3 id="rewind-dialog-title" className={styles.title}>
        Rewind “<span data-testid="rewind-thread-title">{threadTitle}</span>” to this message?
      </h3>
      {quoted ? (
        <blockquote className={styles.message} data-testid="rewind-message">
          {quoted}
        </blockquote>
      ) : null}
      <p id="rewind-dialog-message">
        This message and the {preview.removedEntries - 1} entries after it leave the thread; its text goes back into the prompt box.
        {preview.files.length === 0 && preview.conflicts.length === 0 && !preview.tooOldToRestore ? ' No files need restoring.' : ''}
      </p>
      {preview.tooOldToRestore ? (
        <p className={styles.conflict} data-testid="rewind-too-old">
          Some of these turns are too old to restore files: Baton keeps the workspace checkpoints of a thread&apos;s last turns only. The
          files those turns changed stay as they are.
        </p>
      ) : null}
      <RewindFileList files={preview.files} conflicts={preview.conflicts} />
      {overridable ? (
        <label>
          <input
            type="checkbox"
            data-testid="rewind-overwrite"
            checked={overwrite}
            onChange={(event) => setOverwrite(event.target.checked)}
          />
          Restore the files changed since as well (their later changes are lost)
        </label>
      ) : null}
      <div className={styles.buttons}>
        {/* Cancel takes the focus first: Enter on a dialog that removes entries should not remove them. */}
        <button type="button" className="button" data-testid="rewind-cancel" autoFocus onClick={cancel}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          data-testid="rewind-confirm"
          onClick={() => {
            setOverwrite(false);
            void confirmRewind({ overwriteConflicts: overwrite });
          }}
        >
          Rewind
        </button>
      </div>
    </ModalDialog>
  );
}
