import type { ToolCallEntry } from '../../lib/protocol/acp-threads';
import { approvalLabel } from '../../lib/thread/review-labels';

/** Who approved or refused the call, and how, beside its status: kept in the thread, so a reload shows it too. */
export function ToolCallApprovalNote({ entry }: { entry: ToolCallEntry }) {
  if (!entry.approval) return null;
  return (
    <span className={`tool-call__approval-note tool-call__approval-note--${entry.approval.decision}`} data-testid="tool-call-approval-note" data-by={entry.approval.by}>
      {approvalLabel(entry.approval)}
    </span>
  );
}
