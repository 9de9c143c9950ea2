'use client';

import { useState } from 'react';
import type { ToolCallEntry } from '../../lib/protocol/thread-model';

/**
 * What the reader chose to open or close, by call and phase (waiting for approval or not). Kept
 * outside the component: the chat list unmounts what scrolls out of view, and a card scrolled back
 * to keeps the reader's choice. A call that comes to wait for approval opens whatever was chosen
 * before, since the user must see what they approve.
 */
const chosen = new Map<string, boolean>();

function phaseKey(entry: ToolCallEntry): string {
  return `${entry.id}\u0000${entry.status === 'waiting-approval' ? 'approval' : 'other'}`;
}

/**
 * Open by default while waiting for approval, while a proposed change waits to be decided (an
 * agent that reviews a batch of changes on one card proposes each as a call being prepared, with
 * its diff), and while a running command prints its output.
 */
function openByDefault(entry: ToolCallEntry): boolean {
  if (entry.status === 'waiting-approval') return true;
  if (entry.status === 'preparing' && entry.details) return true;
  return entry.status === 'running' && Boolean(entry.streamedOutput);
}

export function useToolCallExpanded(entry: ToolCallEntry): [boolean, () => void] {
  const key = phaseKey(entry);
  const [, rerender] = useState(0);
  const expanded = chosen.get(key) ?? openByDefault(entry);
  const toggle = () => {
    chosen.set(key, !expanded);
    rerender((count) => count + 1);
  };
  return [expanded, toggle];
}
