'use client';

import type { ThreadListFilter } from '../../stores/thread-list-order';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './threads.module.css';

const STATUS_CHOICES: readonly { value: ThreadListFilter['status']; label: string }[] = [
  { value: null, label: 'Any status' },
  { value: 'running', label: 'Running' },
  { value: 'waiting', label: 'Needs approval' },
];

/**
 * Narrows the list the way getThreads can (acp-threads.md, Baton's filters): by what a thread is
 * doing, by its agent (when there is more than one to tell apart), and archived or not.
 */
export function ThreadFilters() {
  const filter = useBatonStore((state) => state.threadFilter);
  const agents = useBatonStore((state) => state.agents);
  const setThreadFilter = useBatonStore((state) => state.setThreadFilter);

  return (
    <div className={styles.filters} role="group" aria-label="Filter threads">
      <select
        className={styles.filterSelect}
        data-testid="thread-status-filter"
        aria-label="Show threads by status"
        value={filter.status ?? ''}
        onChange={(event) =>
          void setThreadFilter({ status: STATUS_CHOICES.find((choice) => (choice.value ?? '') === event.target.value)?.value ?? null })
        }
      >
        {STATUS_CHOICES.map((choice) => (
          <option key={choice.label} value={choice.value ?? ''}>
            {choice.label}
          </option>
        ))}
      </select>
      {agents.length > 1 || filter.agent !== null ? (
        <select
          className={styles.filterSelect}
          data-testid="thread-agent-filter"
          aria-label="Show threads by agent"
          value={filter.agent ?? ''}
          onChange={(event) => void setThreadFilter({ agent: event.target.value === '' ? null : event.target.value })}
        >
          <option value="">All agents</option>
          {agents.map((agent) => (
            <option key={agent.name} value={agent.name}>
              {agent.label}
            </option>
          ))}
        </select>
      ) : null}
      <label className={styles.archived}>
        <input
          type="checkbox"
          data-testid="show-archived"
          checked={filter.archived}
          onChange={(event) => void setThreadFilter({ archived: event.target.checked })}
        />
        Archived
      </label>
    </div>
  );
}
