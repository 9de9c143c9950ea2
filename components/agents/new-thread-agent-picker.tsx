'use client';

import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './agents.module.css';

/** Which configured agent "New thread" binds the next thread to; shown when there is a choice. */
export function NewThreadAgentPicker() {
  const agents = useBatonStore((state) => state.agents);
  const chosen = useBatonStore((state) => state.newThreadAgent ?? state.defaultAgent ?? '');
  const choose = useBatonStore((state) => state.chooseNewThreadAgent);
  if (agents.length < 2) return null;

  return (
    <select
      className={`${styles.select} ${styles.newThreadAgent}`}
      data-testid="new-thread-agent"
      aria-label="Agent for new threads"
      value={chosen}
      onChange={(event) => choose(event.target.value)}
    >
      {agents.map((agent) => (
        <option key={agent.name} value={agent.name}>
          {agent.label}
        </option>
      ))}
    </select>
  );
}
