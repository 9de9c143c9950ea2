/**
 * What a notification of an inbox item says: the question itself (the command, the file), or how
 * the turn ended. One wording for the tab's own notifications and the relay's pushes.
 */
import type { InboxItem } from '../protocol/inbox';

const OUTCOME_WORDS = { done: 'finished', stopped: 'was stopped', interrupted: 'was interrupted', failed: 'failed' } as const;

export function notificationText(item: InboxItem): { title: string; body: string } {
  switch (item.kind) {
    case 'approval':
      return { title: `${item.threadTitle}: ${item.question}`, body: item.detail ?? item.tool };
    case 'elicitation':
      return { title: `${item.threadTitle}: ${item.message}`, body: item.url ?? 'The agent asks you to fill in a form.' };
    case 'turnEnded':
      return { title: item.threadTitle, body: `The turn ${OUTCOME_WORDS[item.outcome]}.` };
    default: {
      const unreachable: never = item;
      return unreachable;
    }
  }
}
