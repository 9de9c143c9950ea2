'use client';

import { Fragment, useLayoutEffect, useRef } from 'react';
import type { ThreadEntry } from '../../lib/protocol/acp-threads';
import { selectOpenChat } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ToolCallCard } from '../tool-calls/tool-call-card';
import { AssistantMessage } from './assistant-message';
import { HandOverNote } from './hand-over-note';
import { LinkCard } from './link-card';
import { ReadFileNote } from './read-file-note';
import { ReasoningBlock } from './reasoning-block';
import { UserMessage } from './user-message';
import { WelcomeMessage } from './welcome-message';

/** Within this many pixels of the bottom, new content keeps the view pinned to the bottom. */
const PINNED_DISTANCE_PX = 48;

export function ChatEntries() {
  const entries = useBatonStore((state) => selectOpenChat(state).entries);
  const scroller = useRef<HTMLDivElement>(null);
  const pinnedToBottom = useRef(true);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && pinnedToBottom.current) element.scrollTop = element.scrollHeight;
  }, [entries]);

  return (
    <div
      ref={scroller}
      className="chat-entries"
      data-testid="chat-entries"
      aria-live="polite"
      onScroll={(event) => {
        const element = event.currentTarget;
        pinnedToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < PINNED_DISTANCE_PX;
      }}
    >
      {entries.length === 0 ? (
        <WelcomeMessage />
      ) : (
        // A line break between entries keeps the transcript's plain text readable; flex layout hides it.
        entries.map((entry, index) => (
          <Fragment key={entryKey(entry, index)}>
            {index > 0 ? '\n' : null}
            {renderEntry(entry)}
          </Fragment>
        ))
      )}
    </div>
  );
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
    default: {
      const unreachable: never = entry;
      return unreachable;
    }
  }
}

/**
 * Keeps an entry's identity while the chat grows, so a streaming answer or an open thought is not
 * re-created. Tool calls and thoughts go by id; the other entries never move, so their place will do.
 */
function entryKey(entry: ThreadEntry, index: number): string {
  switch (entry.type) {
    case 'toolCall':
      return `tool-call-${entry.id}`;
    case 'reasoning':
      return `reasoning-${entry.id}`;
    default:
      return `${entry.type}-${index}`;
  }
}
