/**
 * The part of the entry fold that keeps a thread reviewable (lib/protocol/thread-review.ts): who
 * decided each tool call, and how each turn ended with its usage. Used by apply-chat-content.ts.
 */
import type { ApprovalOption } from '../protocol/agents';
import type { ThreadEntry, ToolCallEntry } from '../protocol/thread-model';
import type { ChatContent } from '../protocol/eca-chat';
import type { ToolCallApproval, TurnOutcome, TurnSummaryEntry, TurnUsage } from '../protocol/thread-review';

type ApprovalContent = Extract<ChatContent, { type: 'toolCallApproval' }>;
type UsageContent = Extract<ChatContent, { type: 'usage' }>;
type RunContent = Extract<ChatContent, { type: 'toolCallRun' }>;

/** The approval an answer on the card amounts to; an agent's own option says what it meant. */
export function approvalOfAnswer(content: ApprovalContent, options: readonly ApprovalOption[] | undefined): ToolCallApproval {
  const decided = decisionOfAnswer(content, options);
  return {
    ...decided,
    ...(content.device === undefined ? {} : { device: content.device }),
    ...(content.user === undefined ? {} : { user: content.user }),
  };
}

function decisionOfAnswer(content: ApprovalContent, options: readonly ApprovalOption[] | undefined): ToolCallApproval {
  if (content.decision === 'stopped') return { decision: 'rejected', by: 'stop' };
  const picked = options?.find((option) => option.optionId === content.optionId);
  if (picked) {
    if (!picked.kind.startsWith('allow')) return { decision: 'rejected', by: 'user-once' };
    return { decision: 'approved', by: picked.kind === 'allow_always' ? 'user-session' : 'user-once' };
  }
  if (content.decision === 'rejected') return { decision: 'rejected', by: 'user-once' };
  return { decision: 'approved', by: content.decision === 'approved-for-session' ? 'user-session' : 'user-once' };
}

/** A refusal keeps the answer already recorded (the user's, or Stop's); otherwise its reason says who. */
export function approvalOfRejection(previous: ToolCallEntry | undefined, reason: 'user-choice' | 'user-config'): ToolCallApproval {
  if (previous?.approval?.decision === 'rejected') return previous.approval;
  return { decision: 'rejected', by: reason === 'user-config' ? 'config-rule' : 'user-once' };
}

/** Who let a call run without a question: an earlier session approval, Baton's defaults, or a rule of the config file (which one, when said). */
export function approvalOfAutoRun({
  autoApproved,
  approvingRule,
}: Pick<RunContent, 'autoApproved' | 'approvingRule'>): ToolCallApproval | undefined {
  switch (autoApproved) {
    case undefined:
      return undefined;
    case 'session':
      return { decision: 'approved', by: 'earlier-session' };
    case 'default':
      return { decision: 'approved', by: 'default-rule' };
    case 'config':
      return { decision: 'approved', by: 'config-rule', ...(approvingRule ? { rule: approvingRule } : {}) };
    default: {
      const unreachable: never = autoApproved;
      return unreachable;
    }
  }
}

export function usageOf(content: UsageContent): TurnUsage {
  const { type: _type, ...usage } = content;
  return usage;
}

/**
 * Folds usage or a turn's end into the turn summary: the last entry when it is a summary still
 * open (usage comes before the end), else a new one at the end. Touches only the last entry.
 */
export function foldTurnSummary(
  entries: ThreadEntry[],
  change: { usage: TurnUsage } | { outcome: TurnOutcome; device?: string },
): number[] {
  const index = entries.length - 1;
  const last = entries[index];
  if (last?.type === 'turnSummary' && last.outcome === undefined) {
    entries[index] = { ...last, ...change } satisfies TurnSummaryEntry;
    return [index];
  }
  entries.push({ type: 'turnSummary', ...change });
  return [entries.length - 1];
}
