import type { MessageEntry } from '../../lib/protocol/acp-threads';
import { MarkdownText } from './markdown-text';
import { messageText } from './message-text';

export function AssistantMessage({ entry }: { entry: MessageEntry }) {
  return (
    <div className="message message--assistant" data-testid="message-assistant">
      <MarkdownText text={messageText(entry)} />
    </div>
  );
}
