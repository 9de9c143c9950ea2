'use client';

import type { ReviewStop } from '../../stores/review-slice';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './thread-header.module.css';

/**
 * Moving through the open thread's tool calls and changes, and the Changes view's switch: one
 * segmented group beside the title, each step an arrow named in full for assistive technology and
 * in its tooltip. Where the header is narrow the group gives way to the same actions in the thread
 * menu (thread-menu.tsx).
 */
export function ReviewToolbar({ showChanges, onToggleChanges }: { showChanges: boolean; onToggleChanges: () => void }) {
  const threadOpen = useBatonStore((state) => state.selectedThreadId !== null);
  if (!threadOpen) return null;
  return (
    <div role="group" aria-label="Review" className={styles.review} data-testid="review-toolbar">
      <Stepper stop="toolCall" noun="tool call" label="Tool call" />
      <Stepper stop="change" noun="change" label="Change" />
      <button
        type="button"
        className={styles.segment}
        aria-pressed={showChanges}
        title={showChanges ? 'Hide the files this thread changed' : 'Show the files this thread changed, with their diffs'}
        onClick={onToggleChanges}
      >
        Changes
      </button>
    </div>
  );
}

/** ↑ and ↓ around the name of what they step through. */
function Stepper({ stop, noun, label }: { stop: ReviewStop; noun: string; label: string }) {
  const goToNext = useBatonStore((state) => state.goToNext);
  return (
    <span className={styles.stepper}>
      <button
        type="button"
        className={styles.segment}
        aria-label={`Previous ${noun}`}
        title={`Previous ${noun}`}
        onClick={() => void goToNext(stop, -1)}
      >
        ↑
      </button>
      <span className={styles.stepperLabel} aria-hidden="true">
        {label}
      </span>
      <button
        type="button"
        className={styles.segment}
        aria-label={`Next ${noun}`}
        title={`Next ${noun}`}
        onClick={() => void goToNext(stop, 1)}
      >
        ↓
      </button>
    </span>
  );
}
