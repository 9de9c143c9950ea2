'use client';

import { useEffect } from 'react';
import { formatCost, formatTokens } from '../../lib/thread/review-labels';
import { selectOpenChat } from '../../stores/baton-store';
import { useAgentLabel } from '../agents/use-agent-label';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './review.module.css';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The open thread's facts, from the store: agent, model, workspace, dates, tokens and cost so far. */
export function ThreadDetailsHeader() {
  const threadId = useBatonStore((state) => state.selectedThreadId);
  const turnRunning = useBatonStore((state) => selectOpenChat(state).turnRunning);
  const details = useBatonStore((state) => (state.threadDetails?.id === state.selectedThreadId ? state.threadDetails : null));
  const loadThreadDetails = useBatonStore((state) => state.loadThreadDetails);
  const agentLabel = useAgentLabel(details?.agent ?? '');

  // Read again when a turn ends: its usage is in the store by then.
  useEffect(() => {
    if (threadId !== null && !turnRunning) void loadThreadDetails(threadId);
  }, [threadId, turnRunning, loadThreadDetails]);

  if (!details) return null;
  return (
    <dl className={styles.details} data-testid="thread-details">
      <Fact name="Agent" value={agentLabel || details.agent} testId="thread-details-agent" />
      <Fact name="Model" value={details.model ?? 'not recorded'} testId="thread-details-model" />
      <Fact name="Workspace" value={details.workspace ?? 'not recorded'} testId="thread-details-workspace" />
      <Fact name="Created" value={dateTime.format(new Date(details.createdAt))} testId="thread-details-created" />
      <Fact name="Modified" value={dateTime.format(new Date(details.modifiedAt))} testId="thread-details-modified" />
      <Fact name="Tokens" value={formatTokens(details.totalTokens)} testId="thread-details-tokens" />
      <Fact name="Cost" value={details.totalCost === null ? 'not priced' : formatCost(details.totalCost)} testId="thread-details-cost" />
    </dl>
  );
}

function Fact({ name, value, testId }: { name: string; value: string; testId: string }) {
  return (
    <div className={styles.fact}>
      <dt>{name}</dt> <dd data-testid={testId} title={value}>{value}</dd>
    </div>
  );
}
