'use client';

import { Fragment, useLayoutEffect, useRef } from 'react';
import type { ThreadEntry } from '../../lib/protocol/acp-threads';
import { selectOpenChat } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ToolCallCard } from '../tool-calls/tool-call-card';
import { AssistantMessage } from './assistant-message';
import { ReadFileNote } from './read-file-note';
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

/** Tool calls keep their identity by id; messages and reads never move, so their place will do. */
function entryKey(entry: ThreadEntry, index: number): string {
  return entry.type === 'toolCall' ? `tool-call-${entry.id}` : `${entry.type}-${index}`;
}

function renderEntry(entry: ThreadEntry) {
  switch (entry.type) {
    case 'message':
      return entry.role === 'user' ? <UserMessage entry={entry} /> : <AssistantMessage entry={entry} />;
    case 'toolCall':
      return <ToolCallCard entry={entry} />;
    case 'readFile':
      return <ReadFileNote entry={entry} />;
    default: {
      const unreachable: never = entry;
      return unreachable;
    }
  }
}
