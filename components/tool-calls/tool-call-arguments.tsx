import type { ToolCallEntry } from '../../lib/protocol/thread-model';
import { Disclosure } from '../disclosure/disclosure';
import { MarkedText } from './marked-text';
import styles from './tool-call.module.css';

/** The arguments as the model gave them, pretty-printed once parsed; the streamed text before. */
function argumentsText(entry: ToolCallEntry): string | null {
  if (entry.arguments && Object.keys(entry.arguments).length > 0) return JSON.stringify(entry.arguments, null, 2);
  return entry.argumentsText || null;
}

/**
 * Open while the call waits for approval unless a diff shows the change: the summary is cut
 * short, and the user approves what runs, not its summary. Otherwise one click away. Keyed by
 * that, so a card that comes to wait opens then.
 */
export function ToolCallArguments({ entry }: { entry: ToolCallEntry }) {
  const text = argumentsText(entry);
  if (!text) return null;
  const awaitsApproval = entry.status === 'waiting-approval' && !entry.details;
  return (
    <Disclosure
      key={awaitsApproval ? 'awaits-approval' : 'settled'}
      className={`tool-call__arguments ${styles.arguments}`}
      summary="Arguments"
      defaultOpen={awaitsApproval}
    >
      <pre className={styles.argumentsText} data-testid="tool-call-arguments">
        <MarkedText text={text} />
      </pre>
    </Disclosure>
  );
}
