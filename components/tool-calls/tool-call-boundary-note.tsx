import type { ToolCallEntry } from '../../lib/protocol/thread-model';
import { boundaryLabel } from '../../lib/thread/review-labels';
import styles from './tool-call-boundary.module.css';

/**
 * Which OS boundary held for what the call ran (a shell command, an ACP terminal): "sandboxed",
 * or "not sandboxed: <why>", marked so it is not missed. The row keeps to the short reason; a
 * long one (bubblewrap's own words) is in the title and on the open card.
 */
export function ToolCallBoundaryNote({ entry }: { entry: ToolCallEntry }) {
  if (!entry.boundary) return null;
  const label = boundaryLabel(entry.boundary);
  return (
    <span
      className={entry.boundary.sandboxed ? styles.boundary : `${styles.boundary} ${styles.unsandboxed}`}
      data-testid="tool-call-boundary"
      data-sandboxed={entry.boundary.sandboxed ? 'true' : 'false'}
      title={label}
    >
      {shortLabel(label)}
    </span>
  );
}

/** The full words, on the open card, where a long reason has room. */
export function ToolCallBoundaryDetail({ entry }: { entry: ToolCallEntry }) {
  if (!entry.boundary || entry.boundary.sandboxed) return null;
  const label = boundaryLabel(entry.boundary);
  if (shortLabel(label) === label) return null;
  return (
    <p className={styles.detail} data-testid="tool-call-boundary-detail">
      {label}
    </p>
  );
}

/** Without a parenthesised explanation at the end. */
export function shortLabel(label: string): string {
  return label.replace(/ \(.*\)$/s, '');
}
