'use client';

import { chatContextKey } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './composer.module.css';
import { contextKindLabel, contextLabel } from './context-label';

/** The contexts chosen with `@` for the next prompt, each removable. */
export function ContextChips() {
  const contexts = useBatonStore((state) => state.promptContexts);
  const removePromptContext = useBatonStore((state) => state.removePromptContext);
  if (contexts.length === 0) return null;

  return (
    <ul className={styles.chips} aria-label="Contexts sent with the prompt">
      {contexts.map((context) => {
        const label = contextLabel(context);
        return (
          <li key={chatContextKey(context)} className={styles.chip} data-testid="context-chip" data-context-type={context.type}>
            <span className={styles.kind}>{contextKindLabel(context)}</span> <span className={styles.mono}>{label}</span>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={`Remove ${label}`}
              data-testid="remove-context"
              onClick={() => removePromptContext(context)}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
