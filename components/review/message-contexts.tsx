import type { ChatContext } from '../../lib/protocol/eca-chat';
import { contextKindLabel, contextLabel } from '../composer/context-label';

/** The contexts the user attached to a prompt, as they were on the composer's chips. */
export function MessageContexts({ contexts }: { contexts: readonly ChatContext[] }) {
  return (
    <span className="message__contexts" data-testid="message-contexts">
      {contexts.map((context, index) => (
        <span key={index} className="message__context" data-testid="message-context">
          {' '}
          <span className="message__context-kind">{contextKindLabel(context)}</span> {contextLabel(context)}
        </span>
      ))}
    </span>
  );
}
