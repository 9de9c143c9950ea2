'use client';

import type { ChatBehavior } from '../../lib/protocol/eca-chat';
import { selectOfferedBehaviors, selectPromptBehavior } from '../../stores/active-agent';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './composer.module.css';

const DESCRIPTIONS: Partial<Record<ChatBehavior, string>> = {
  agent: 'Agent: reads and changes the workspace',
  plan: 'Plan: reads only, and proposes a plan',
};

/** 'plan' reads "Plan"; an agent's own mode names ("code", "ask") likewise. */
const behaviorLabel = (behavior: string) => behavior.charAt(0).toUpperCase() + behavior.slice(1);

/** The behaviours (ECA) or modes (ACP) the active agent offers; a change is told to the relay at once. */
export function BehaviorSwitch() {
  const behaviors = useBatonStore(selectOfferedBehaviors);
  const selectedBehavior = useBatonStore(selectPromptBehavior);
  const selectBehavior = useBatonStore((state) => state.selectBehavior);
  if (!behaviors || behaviors.length < 2) return null;

  return (
    <div className={styles.behaviorSwitch} role="radiogroup" aria-label="Behavior" data-testid="behavior-switch">
      {behaviors.map((behavior) => (
        <button
          key={behavior}
          type="button"
          role="radio"
          aria-checked={behavior === selectedBehavior}
          className={styles.behaviorOption}
          data-behavior={behavior}
          title={DESCRIPTIONS[behavior]}
          onClick={() => selectBehavior(behavior)}
        >
          {behaviorLabel(behavior)}
        </button>
      ))}
    </div>
  );
}
