'use client';

import { useState } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './starter-prompts.module.css';

/**
 * A first prompt for someone who does not know what to ask yet. Each one also suits the offline
 * demo, whose script answers any prompt by reading README.md and proposing an edit to approve.
 */
export const STARTER_PROMPTS = [
  'Show me what you can do',
  'Summarise the README for me',
  'Add a short note about this project',
  'What would you improve first?',
] as const;

/** Clicking one sends it as the first prompt of a new thread. */
export function StarterPrompts() {
  const sendPrompt = useBatonStore((state) => state.sendPrompt);
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  const [sending, setSending] = useState(false);

  async function start(prompt: string) {
    setSending(true);
    try {
      await sendPrompt(prompt);
    } finally {
      setSending(false);
    }
  }

  return (
    <ul className={styles.list} aria-label="Starter prompts">
      {STARTER_PROMPTS.map((prompt) => (
        <li key={prompt}>
          <button
            type="button"
            className={styles.prompt}
            data-testid="starter-prompt"
            disabled={!connected || sending}
            onClick={() => void start(prompt)}
          >
            {prompt}
          </button>
        </li>
      ))}
    </ul>
  );
}
