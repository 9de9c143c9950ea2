'use client';

import { memo } from 'react';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { selectOpenChat } from '../../stores/baton-store';
import { entryAt } from '../../stores/entry-list';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ToolCallCard } from '../tool-calls/tool-call-card';
import { ElicitationCard } from '../elicitation/elicitation-card';
import { AssistantMessage } from './assistant-message';
import { HandOverNote } from './hand-over-note';
import { LinkCard } from './link-card';
import { ReadFileNote } from './read-file-note';
import { ReasoningBlock } from './reasoning-block';
import { EntryActions } from '../review/entry-actions';
import { TurnSummaryNote } from '../review/turn-summary-note';
import { UserMessage } from './user-message';
import styles from './chat.module.css';

/**
 * One entry of the open thread, by its position in the thread. It reads its own entry from the
 * store, so a streamed piece re-renders the entry it changed and no other.
 */
export const ChatEntry = memo(function ChatEntry({ index }: { index: number }) {
  const entry = useBatonStore((state) => entryAt(selectOpenChat(state).entries, index));
  const focused = useBatonStore((state) => state.focusedEntry?.index === index && state.focusedEntry.threadId === state.selectedThreadId);
  const targeted = useBatonStore((state) => state.entryTarget?.index === index);
  // The global names are hooks for the entry actions' and the review's rules and for the specs.
  const className = [
    'chat-entries__item',
    styles.item,
    entry ? styles[placeOf(entry)] : '',
    focused ? 'chat-entries__item--focused' : '',
    targeted ? 'chat-entries__item--target' : '',
  ]
    .filter(Boolean)
    .join(' ');
  // A line break between entries keeps the transcript's plain text readable; the layout hides it.
  return (
    <div
      id={`entry-${index}`}
      className={className}
      data-entry-index={index}
      data-place={entry ? placeOf(entry) : undefined}
      data-focused={focused ? 'true' : undefined}
    >
      {entry ? renderEntry(entry) : null}
      {entry && entry.type !== 'turnSummary' ? <EntryActions entry={entry} index={index} /> : null}
      {'\n'}
    </div>
  );
});

/**
 * Where an entry sits in the conversation: a prompt opens a turn, the agent's pieces (text,
 * thoughts, tool calls, links) follow close together as one answer, and the turn's end closes it.
 */
function placeOf(entry: ThreadEntry): 'prompt' | 'answer' | 'turnEnd' {
  if (entry.type === 'message' && entry.role === 'user') return 'prompt';
  return entry.type === 'turnSummary' ? 'turnEnd' : 'answer';
}

function renderEntry(entry: ThreadEntry) {
  switch (entry.type) {
    case 'message':
      return entry.role === 'user' ? <UserMessage entry={entry} /> : <AssistantMessage entry={entry} />;
    case 'toolCall':
      return <ToolCallCard entry={entry} />;
    case 'readFile':
      return <ReadFileNote entry={entry} />;
    case 'reasoning':
      return <ReasoningBlock reasoning={entry} />;
    case 'link':
      return <LinkCard link={entry} />;
    case 'handOver':
      return <HandOverNote entry={entry} />;
    case 'turnSummary':
      return <TurnSummaryNote entry={entry} />;
    case 'elicitation':
      return <ElicitationCard entry={entry} />;
    default: {
      const unreachable: never = entry;
      return unreachable;
    }
  }
}
