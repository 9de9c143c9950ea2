'use client';

import { selectOpenChat } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './chat.module.css';
import { usageDetails, usageText } from './usage-text';

/** The open thread's tokens and costs, as the agent last reported them (after each turn). */
export function UsageSummary() {
  const usage = useBatonStore((state) => selectOpenChat(state).usage);
  if (!usage) return null;
  return (
    <span className={styles.usage} data-testid="usage-summary" title={usageDetails(usage)}>
      {usageText(usage)}
    </span>
  );
}
