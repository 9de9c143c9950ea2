'use client';

import { chatContextKey } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';
import { contextKindLabel, contextLabel } from './context-label';

/** The contexts chosen with `@` for the next prompt, each removable. */
export function ContextChips() {
  const contexts = useBatonStore((state) => state.promptContexts);
  const removePromptContext = useBatonStore((state) => state.removePromptContext);
  if (contexts.length === 0) return null;

  return (
    <ul className="context-chips" aria-label="Contexts sent with the prompt">
      {contexts.map((context) => {
        const label = contextLabel(context);
        return (
          <li key={chatContextKey(context)} className="context-chip" data-testid="context-chip" data-context-type={context.type}>
            <span className="context-chip__kind">{contextKindLabel(context)}</span>{' '}
            <span className="context-chip__label">{label}</span>
            <button
              type="button"
              className="context-chip__remove"
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
