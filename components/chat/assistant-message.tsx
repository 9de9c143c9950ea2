import type { MessageEntry } from '../../lib/protocol/thread-model';
import styles from './chat.module.css';
import { MarkdownText } from './markdown-text';
import { messageText } from './message-text';
import { TurnFailure } from './turn-failure';
import { splitTurnFailure } from './turn-failure-text';

/** The agent's words as Markdown, part of the one answer the turn reads as; a failure ends it in place. */
export function AssistantMessage({ entry }: { entry: MessageEntry }) {
  const { answer, failure } = splitTurnFailure(messageText(entry));
  return (
    <div className={styles.assistant} data-testid="message-assistant">
      {answer ? <MarkdownText text={answer} /> : null}
      {failure ? <TurnFailure kind={failure.kind} reason={failure.reason} /> : null}
    </div>
  );
}
