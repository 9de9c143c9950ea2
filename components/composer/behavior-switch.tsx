'use client';

import type { ChatBehavior } from '../../lib/protocol/eca-chat';
import { useBatonStore } from '../baton-client/baton-store-context';

const DESCRIPTIONS: Record<ChatBehavior, string> = {
  agent: 'Agent: reads and changes the workspace',
  plan: 'Plan: reads only, and proposes a plan',
};

/** Agent or plan, as `config/updated` offers them; a change is told to the relay at once. */
export function BehaviorSwitch() {
  const behaviors = useBatonStore((state) => state.chatConfig.behaviors);
  const selectedBehavior = useBatonStore((state) => state.selectedBehavior);
  const selectBehavior = useBatonStore((state) => state.selectBehavior);
  if (!behaviors || behaviors.length < 2) return null;

  return (
    <div className="behavior-switch" role="radiogroup" aria-label="Behavior" data-testid="behavior-switch">
      {behaviors.map((behavior) => (
        <button
          key={behavior}
          type="button"
          role="radio"
          aria-checked={behavior === selectedBehavior}
          className="behavior-switch__option"
          data-behavior={behavior}
          title={DESCRIPTIONS[behavior]}
          onClick={() => selectBehavior(behavior)}
        >
          {behavior === 'agent' ? 'Agent' : 'Plan'}
        </button>
      ))}
    </div>
  );
}
