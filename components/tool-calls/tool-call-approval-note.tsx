import type { ToolCallEntry } from '../../lib/protocol/thread-model';
import { approvalLabel } from '../../lib/thread/review-labels';
import styles from './tool-call.module.css';

/** Who approved or refused the call, and how, beside its status: kept in the thread, so a reload shows it too. */
export function ToolCallApprovalNote({ entry }: { entry: ToolCallEntry }) {
  if (!entry.approval) return null;
  return (
    <span
      className={entry.approval.decision === 'rejected' ? `${styles.approvalNote} ${styles.approvalNoteRejected}` : styles.approvalNote}
      data-testid="tool-call-approval-note"
      data-by={entry.approval.by}
      // The rule itself, in words, for whoever wants to find it in the file.
      title={entry.approval.rule?.rule}
    >
      {approvalLabel(entry.approval)}
    </span>
  );
}
