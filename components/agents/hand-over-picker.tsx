'use client';

import { selectOpenChat } from '../../stores/baton-store';
import { selectActiveAgentName } from '../../stores/active-agent';
import { selectAnswerOnly } from '../../stores/connection-slice';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './agents.module.css';

/**
 * "Hand to…": passes the open thread to another configured agent, which carries on with the
 * thread so far as context. Not while a turn runs.
 */
export function HandOverPicker() {
  const agents = useBatonStore((state) => state.agents);
  const threadOpen = useBatonStore((state) => state.selectedThreadId !== null);
  const current = useBatonStore(selectActiveAgentName);
  const running = useBatonStore((state) => selectOpenChat(state).turnRunning);
  const handOver = useBatonStore((state) => state.handOverThread);
  const answerOnly = useBatonStore(selectAnswerOnly);
  const others = agents.filter((agent) => agent.name !== current);
  if (!threadOpen || others.length === 0 || answerOnly) return null;

  return (
    <select
      className={styles.select}
      data-testid="hand-over"
      aria-label="Hand this thread to another agent"
      title={running ? 'Stop or wait for the turn before handing over' : 'Hand this thread to another agent'}
      disabled={running}
      value=""
      onChange={(event) => {
        if (event.target.value) void handOver(event.target.value);
      }}
    >
      <option value="">Hand to…</option>
      {others.map((agent) => (
        <option key={agent.name} value={agent.name}>
          {agent.label}
        </option>
      ))}
    </select>
  );
}
