import type { ReasoningEntry } from '../../lib/protocol/thread-model';

/** "Thinking…" while the model thinks, then how long it took when the agent says. */
export function reasoningLabel(reasoning: ReasoningEntry): string {
  if (reasoning.status === 'thinking') return 'Thinking…';
  if (reasoning.totalTimeMs === undefined) return 'Thought';
  const seconds = reasoning.totalTimeMs / 1000;
  return `Thought for ${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
}
