import type { ChatContext } from '../../lib/protocol/eca-chat';
import { contextKindLabel, contextLabel } from '../composer/context-label';
import styles from './review.module.css';

/** The contexts the user attached to a prompt, as they were on the composer's chips. */
export function MessageContexts({ contexts }: { contexts: readonly ChatContext[] }) {
  return (
    <span className={styles.contexts} data-testid="message-contexts">
      {contexts.map((context, index) => (
        <span key={index} data-testid="message-context">
          {' '}
          <span className={styles.contextKind}>{contextKindLabel(context)}</span> {contextLabel(context)}
        </span>
      ))}
    </span>
  );
}
