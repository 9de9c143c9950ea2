'use client';

import { Fragment, useLayoutEffect, useMemo, useRef } from 'react';
import type { ThreadEntry } from '../../lib/protocol/acp-threads';
import { chatItems, selectOpenChat, type ChatAside } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ToolCallCard } from '../tool-calls/tool-call-card';
import { AssistantMessage } from './assistant-message';
import { LinkCard } from './link-card';
import { ReadFileNote } from './read-file-note';
import { ReasoningBlock } from './reasoning-block';
import { UserMessage } from './user-message';
import { WelcomeMessage } from './welcome-message';

/** Within this many pixels of the bottom, new content keeps the view pinned to the bottom. */
const PINNED_DISTANCE_PX = 48;

export function ChatEntries() {
  const entries = useBatonStore((state) => selectOpenChat(state).entries);
  const asides = useBatonStore((state) => selectOpenChat(state).asides);
  const items = useMemo(() => chatItems(entries, asides), [entries, asides]);
  const scroller = useRef<HTMLDivElement>(null);
  const pinnedToBottom = useRef(true);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && pinnedToBottom.current) element.scrollTop = element.scrollHeight;
  }, [items]);

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
      {items.length === 0 ? (
        <WelcomeMessage />
      ) : (
        // A line break between items keeps the transcript's plain text readable; flex layout hides it.
        items.map((item, index) => (
          <Fragment key={item.key}>
            {index > 0 ? '\n' : null}
            {item.kind === 'entry' ? renderEntry(item.entry) : renderAside(item.aside)}
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
    default: {
      const unreachable: never = entry;
      return unreachable;
    }
  }
}

function renderAside(aside: ChatAside) {
  switch (aside.kind) {
    case 'reasoning':
      return <ReasoningBlock reasoning={aside} />;
    case 'link':
      return <LinkCard link={aside} />;
    default: {
      const unreachable: never = aside;
      return unreachable;
    }
  }
}
