'use client';

import { type Ref, useImperativeHandle, useState } from 'react';
import styles from './chat.module.css';

/** What the list tells the button as the reader scrolls: whether its first entry loaded is at the top, and its bottom in view. */
export interface ListEdges {
  atTop(atTop: boolean): void;
  atBottom(atBottom: boolean): void;
}

/**
 * Shown while the thread's first entry is not loaded, or is loaded but out of view while the reader
 * is neither there nor at the bottom (following the newest): one click (or Enter) opens the thread
 * at its first entry, the page around it only, whatever its length. Over the list's top edge (a
 * dock of no height), so that showing it moves nothing in the chat. It keeps the list's edges in
 * its own state: the list does not render again as the reader reaches or leaves one.
 */
export function JumpToStartButton({ firstIndex, onClick, edges }: { firstIndex: number; onClick: () => void; edges: Ref<ListEdges> }) {
  const [atTop, setAtTop] = useState(false);
  const [atBottom, setAtBottom] = useState(true);
  useImperativeHandle(edges, () => ({ atTop: setAtTop, atBottom: setAtBottom }), []);
  if (firstIndex === 0 && (atTop || atBottom)) return null;
  return (
    <div className={styles.jumpDock}>
      <button type="button" className={`button ${styles.jumpToStart}`} data-testid="jump-to-start" onClick={onClick}>
        Jump to the start <span aria-hidden="true">↑</span>
      </button>
    </div>
  );
}
