import type { ToolCallStatus } from '../../lib/protocol/thread-model';
import styles from './tool-call.module.css';
import { toolCallStatusLabel } from './tool-call-status';

const ICONS: Record<ToolCallStatus, string> = {
  preparing: '',
  running: '',
  'waiting-approval': '?',
  succeeded: '✓',
  failed: '✕',
  rejected: '⊘',
  interrupted: '■',
};

/**
 * The call's state at a glance: a spinner while it runs, a mark once it ended. The word is there for
 * every reader (a screen reader reads it; it shows beside the icon where the state needs attention).
 */
export function ToolCallStatusIcon({ status }: { status: ToolCallStatus }) {
  const spinning = status === 'preparing' || status === 'running';
  return (
    <>
      <span className={`${styles.icon} ${spinning ? styles.spinner : ''}`} aria-hidden="true" data-testid="tool-call-status-icon">
        {ICONS[status]}
      </span>{' '}
      <span className={styles.statusLabel} data-testid="tool-call-status">
        {toolCallStatusLabel(status)}
      </span>
    </>
  );
}
