/**
 * The chat as the reader sees it, top to bottom: the thread's entries with the asides (reasoning,
 * links) placed where they arrived. Each item has a key that keeps its identity while the chat
 * grows, so a streaming answer or an open thought is not re-created.
 */
import type { ThreadEntry } from '../lib/protocol/acp-threads';
import type { ChatAside } from './chat-asides';

export type ChatItem =
  | { kind: 'entry'; key: string; entry: ThreadEntry }
  | { kind: 'aside'; key: string; aside: ChatAside };

export function chatItems(entries: readonly ThreadEntry[], asides: readonly ChatAside[]): ChatItem[] {
  const items: ChatItem[] = [];
  const asideItems = asides.map((aside, index) => ({ kind: 'aside' as const, key: asideKey(aside, index), aside }));
  // Asides arrive in order, so their positions never decrease: one pass merges the two lists.
  let next = 0;
  const placeAsidesUpTo = (position: number) => {
    for (; next < asideItems.length && asideItems[next]!.aside.position <= position; next += 1) {
      items.push(asideItems[next]!);
    }
  };
  entries.forEach((entry, index) => {
    placeAsidesUpTo(index);
    items.push({ kind: 'entry', key: entryKey(entry, index), entry });
  });
  placeAsidesUpTo(Number.POSITIVE_INFINITY);
  return items;
}

/** Tool calls keep their identity by id; messages and reads never move, so their place will do. */
function entryKey(entry: ThreadEntry, index: number): string {
  return entry.type === 'toolCall' ? `tool-call-${entry.id}` : `${entry.type}-${index}`;
}

function asideKey(aside: ChatAside, index: number): string {
  return aside.kind === 'reasoning' ? `reasoning-${aside.id}` : `link-${index}`;
}
