import type { ToolCallEntry } from '../../lib/protocol/acp-threads';
import { Disclosure } from '../disclosure/disclosure';
import { toolCallReasonText } from './tool-call-status';

function formatDuration(totalTimeMs: number | undefined): string {
  if (totalTimeMs === undefined) return '';
  return totalTimeMs < 1000 ? ` in ${Math.round(totalTimeMs)} ms` : ` in ${(totalTimeMs / 1000).toFixed(1)} s`;
}

/** What became of the call: its output (folded away), or why it did not run or finish. */
export function ToolCallOutcome({ entry }: { entry: ToolCallEntry }) {
  switch (entry.status) {
    case 'preparing':
    case 'waiting-approval':
    case 'running':
      return null;
    case 'succeeded':
    case 'failed':
      return (
        <Disclosure
          className="tool-call__output"
          defaultOpen={entry.status === 'failed'}
          summary={`${entry.status === 'failed' ? 'Error output' : 'Output'}${formatDuration(entry.totalTimeMs)}`}
        >
          <pre className="code-block">{entry.outputText || '(no output)'}</pre>
        </Disclosure>
      );
    case 'rejected':
    case 'interrupted':
      return <p className="tool-call__reason">{toolCallReasonText(entry) ?? toolCallFallbackReason(entry)}</p>;
    default: {
      const unreachable: never = entry.status;
      return unreachable;
    }
  }
}

function toolCallFallbackReason(entry: ToolCallEntry): string {
  return entry.status === 'rejected' ? 'Rejected.' : 'Interrupted before it finished.';
}
