'use client';

import type { ContextUsage } from '../../lib/protocol/thread-review';
import styles from './context-meter.module.css';
import { contextUsageText } from './thread-usage-text';

/**
 * How full the agent's context is, as it last said (ACP `usage_update`): a meter and the figures,
 * one fact of the thread's details.
 */
export function ContextMeter({ context }: { context: ContextUsage }) {
  const text = contextUsageText(context);
  return (
    <>
      <dt>Context</dt>
      <dd className={styles.context} data-testid="thread-details-context">
        <meter
          className={styles.meter}
          min={0}
          max={context.size}
          value={Math.min(context.used, context.size)}
          high={context.size * 0.8}
          aria-label={`Context in use: ${text}`}
        />
        <span>{text}</span>
      </dd>
    </>
  );
}
