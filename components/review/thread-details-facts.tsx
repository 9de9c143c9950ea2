'use client';

import type { ThreadDetails } from '../../lib/protocol/thread-export';
import { selectOpenChat } from '../../stores/baton-store';
import { useAgentLabel } from '../agents/use-agent-label';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ContextMeter } from './context-meter';
import styles from './thread-header.module.css';
import { lastTurnText, modelLimitsText, TOTAL_USAGE_MEANING, type UsageFigure } from './thread-usage-text';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The open thread's facts, in the details popover: agent, model, workspace, dates, and the same
 * total the header shows; then, when the agent reported them, its last turn, its context in use and
 * the model's limits.
 */
export function ThreadDetailsFacts({ details, figure }: { details: ThreadDetails; figure: UsageFigure }) {
  const agentLabel = useAgentLabel(details.agent);
  const usage = useBatonStore((state) => selectOpenChat(state).usage);
  const lastTurn = usage ? lastTurnText(usage) : null;
  return (
    <dl className={styles.facts} data-testid="thread-details">
      <Fact name="Agent" value={agentLabel || details.agent} testId="thread-details-agent" />
      <Fact name="Model" value={details.model ?? 'not recorded'} testId="thread-details-model" />
      <Fact name="Workspace" value={details.workspace ?? 'not recorded'} testId="thread-details-workspace" />
      <Fact name="Created" value={dateTime.format(new Date(details.createdAt))} testId="thread-details-created" />
      <Fact name="Modified" value={dateTime.format(new Date(details.modifiedAt))} testId="thread-details-modified" />
      <Fact name="Total tokens" value={figure.tokens} testId="thread-details-tokens" title={TOTAL_USAGE_MEANING} />
      <Fact name="Total cost" value={figure.cost ?? 'not priced'} testId="thread-details-cost" />
      {/* Who prompted, answered, stopped or rewound it (`audit/list`): "owner" is the main token's holder. */}
      {details.people?.length ? <Fact name="People" value={details.people.join(', ')} testId="thread-details-people" /> : null}
      {lastTurn ? <Fact name="Last turn" value={lastTurn} testId="thread-details-last-turn" /> : null}
      {usage?.context ? <ContextMeter context={usage.context} /> : null}
      {usage?.limit ? <Fact name="Model limits" value={modelLimitsText(usage.limit)} testId="thread-details-limits" /> : null}
    </dl>
  );
}

function Fact({ name, value, testId, title }: { name: string; value: string; testId: string; title?: string }) {
  return (
    <>
      <dt title={title}>{name}</dt>
      <dd data-testid={testId}>{value}</dd>
    </>
  );
}
