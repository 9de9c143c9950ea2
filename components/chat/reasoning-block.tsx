'use client';

import type { ReasoningAside } from '../../stores/baton-store';
import { Disclosure } from '../disclosure/disclosure';
import { MarkdownText } from './markdown-text';
import { reasoningLabel } from './reasoning-label';

/**
 * The model's extended thinking: open while it streams, folded away once finished (the key
 * re-creates the disclosure then, so it closes even if the reader had it open).
 */
export function ReasoningBlock({ reasoning }: { reasoning: ReasoningAside }) {
  const state = reasoning.finished ? 'finished' : 'thinking';
  return (
    <div className={`reasoning reasoning--${state}`} data-testid="reasoning-block" data-state={state}>
      <Disclosure key={state} defaultOpen={!reasoning.finished} summary={reasoningLabel(reasoning)}>
        <div className="reasoning__text">
          <MarkdownText text={reasoning.text || '…'} />
        </div>
      </Disclosure>
    </div>
  );
}
