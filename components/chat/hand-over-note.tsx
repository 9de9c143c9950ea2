import type { HandOverEntry } from '../../lib/protocol/thread-model';
import { useAgentLabel } from '../agents/use-agent-label';
import styles from './chat.module.css';

/** Where the thread passed from one agent to another: the later answers are the new agent's. */
export function HandOverNote({ entry }: { entry: HandOverEntry }) {
  const from = useAgentLabel(entry.from);
  const to = useAgentLabel(entry.to);
  return (
    <div className={styles.handOver} role="note" data-testid="hand-over-note">
      Handed over from <strong>{from}</strong> to <strong>{to}</strong>, with the thread so far as context
    </div>
  );
}
