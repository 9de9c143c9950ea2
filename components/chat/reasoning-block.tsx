'use client';

import type { ReasoningEntry } from '../../lib/protocol/thread-model';
import { Disclosure } from '../disclosure/disclosure';
import styles from './chat.module.css';
import { MarkdownText } from './markdown-text';
import { reasoningLabel } from './reasoning-label';

/**
 * The model's extended thinking: open while it streams, folded away once finished (the key
 * re-creates the disclosure then, so it closes even if the reader had it open).
 */
export function ReasoningBlock({ reasoning }: { reasoning: ReasoningEntry }) {
  const state = reasoning.status;
  return (
    <div className={`${styles.reasoning} ${state === 'thinking' ? styles.thinking : ''}`} data-testid="reasoning-block" data-state={state}>
      <Disclosure key={state} defaultOpen={state === 'thinking'} summary={reasoningLabel(reasoning)}>
        <div className={styles.reasoningText}>
          <MarkdownText text={reasoning.text || '…'} />
        </div>
      </Disclosure>
    </div>
  );
}
