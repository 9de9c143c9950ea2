import type { ToolCallEntry } from '../../lib/protocol/thread-model';
import { shellCommandOf } from './shell-command';
import { TerminalOutput } from './terminal-output';
import styles from './tool-call.module.css';
import { toolCallReasonText } from './tool-call-status';

/** What became of the call: its output, or why it did not run or finish. */
export function ToolCallOutcome({ entry }: { entry: ToolCallEntry }) {
  switch (entry.status) {
    case 'preparing':
    case 'waiting-approval':
    case 'running':
      return null;
    case 'succeeded':
    case 'failed': {
      const output = entry.outputText || '(no output)';
      const command = shellCommandOf(entry);
      if (command !== undefined) return <TerminalOutput output={output} command={command} testId="tool-call-output" />;
      return (
        <pre className={`${styles.output} ${entry.status === 'failed' ? styles.failedOutput : ''}`} data-testid="tool-call-output">
          {output}
        </pre>
      );
    }
    case 'rejected':
    case 'interrupted':
      return (
        <p className={styles.reason} data-testid="tool-call-reason">
          {toolCallReasonText(entry) ?? toolCallFallbackReason(entry)}
        </p>
      );
    default: {
      const unreachable: never = entry.status;
      return unreachable;
    }
  }
}

function toolCallFallbackReason(entry: ToolCallEntry): string {
  return entry.status === 'rejected' ? 'Rejected.' : 'Interrupted before it finished.';
}
