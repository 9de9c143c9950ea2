'use client';

import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './app-shell.module.css';

/**
 * The page's first Tab stop, drawn only while focused: past the header and the thread list
 * straight to the prompt (on a phone, showing the chat first).
 */
export function SkipToPrompt({ onSkip }: { onSkip(): void }) {
  const requestComposerFocus = useBatonStore((state) => state.requestComposerFocus);
  return (
    <a
      href="#prompt"
      className={styles.skipLink}
      data-testid="skip-to-prompt"
      onClick={(event) => {
        event.preventDefault();
        onSkip();
        requestComposerFocus();
      }}
    >
      Skip to the prompt
    </a>
  );
}
