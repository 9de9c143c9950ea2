import type { ScrollSeekConfiguration, ScrollSeekPlaceholderProps } from 'react-virtuoso';
import { isListDragged } from './fast-scroll';
import styles from './chat.module.css';

/**
 * An entry passing by in a drag faster than anyone reads (./fast-scroll.ts): a plain box of the
 * height the list knows for it (measured, or its estimate), not the entry. Drawing the entries
 * themselves, their cards and sketches, took most of each frame at a scrollbar drag's pace, for
 * entries gone a few frames later. The list draws the entries again once the drag slows down or stops.
 */
export function EntryPlaceholder({ height }: ScrollSeekPlaceholderProps) {
  return <div className={styles.placeholder} style={{ height }} data-testid="entry-placeholder" aria-hidden="true" />;
}

/**
 * When the list shows placeholders: while the reader drags it (./fast-scroll.ts: fast moves in a
 * row under their hand, never the list's own jumps to an entry or to the end however often they
 * come), and only if `mayPlaceholder` allows it (not while the view follows the thread's end or is
 * held at a found entry). Until the list stops (its velocity 0), or the reader slows to a reading
 * pace or lets go.
 */
export function entryScrollSeek(mayPlaceholder: () => boolean): ScrollSeekConfiguration {
  return {
    enter: () => mayPlaceholder() && isListDragged(),
    exit: (velocity) => velocity === 0 || !isListDragged(),
  };
}
