import type { MessageEntry } from '../../lib/protocol/thread-model';
import { MessageContexts } from '../review/message-contexts';
import styles from './chat.module.css';
import { messageText } from './message-text';

/** The user's words exactly as typed: no Markdown, line breaks kept (by CSS). */
export function UserMessage({ entry }: { entry: MessageEntry }) {
  return (
    <>
      <div className={styles.user} data-testid="message-user">
        {messageText(entry)}
      </div>
      {entry.contexts && entry.contexts.length > 0 ? <MessageContexts contexts={entry.contexts} /> : null}
    </>
  );
}
