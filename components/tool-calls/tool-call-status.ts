import type { ToolCallEntry, ToolCallStatus } from '../../lib/protocol/thread-model';

export function toolCallStatusLabel(status: ToolCallStatus): string {
  switch (status) {
    case 'preparing':
      return 'Preparing';
    case 'waiting-approval':
      return 'Waiting for approval';
    case 'running':
      return 'Running';
    case 'succeeded':
      return 'Done';
    case 'failed':
      return 'Failed';
    case 'rejected':
      return 'Rejected';
    case 'interrupted':
      return 'Interrupted';
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}

/** The wire's reason codes in words; any other reason (an interruption's) is already prose. */
export function toolCallReasonText(entry: ToolCallEntry): string | null {
  switch (entry.reason) {
    case undefined:
      return null;
    case 'user-choice':
      return 'Rejected by you.';
    case 'user-config':
      return 'Rejected by the workspace configuration.';
    default:
      return entry.reason;
  }
}
