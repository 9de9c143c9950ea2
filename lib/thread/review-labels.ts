/**
 * The words a reader sees for a thread's review facts, shared by the chat and the exports so that
 * both say the same thing.
 */
import type { ToolCallApproval, ToolCallBoundary, TurnOutcome, TurnUsage } from '../protocol/thread-review';

const APPROVAL_LABELS: Record<ToolCallApproval['decision'], Record<ToolCallApproval['by'], string>> = {
  approved: {
    'user-once': 'Approved once by you',
    'user-session': 'Approved by you for this session',
    'earlier-session': 'Approved by your earlier approval for this session',
    'config-rule': 'Allowed by a config rule',
    'default-rule': "Allowed by Baton's default rules",
    stop: 'Approved',
  },
  rejected: {
    'user-once': 'Rejected by you',
    'user-session': 'Rejected by you',
    'earlier-session': 'Rejected',
    'config-rule': 'Refused by a config rule',
    'default-rule': "Refused by Baton's default rules",
    stop: 'Rejected by Stop',
  },
};

/** "Allowed by a rule in .baton/config.json" when the rule's file is known; the words of its kind otherwise. */
export function approvalLabel(approval: ToolCallApproval): string {
  const decided = decisionLabel(approval);
  const label = approval.user === undefined ? decided : decided.replace(/ by you$/, ` by ${approval.user}`);
  return fromDevice(label, approval.device);
}

/** "Rejected by you, from Phone": an answer given on a paired device (or a notification) says where. */
export function fromDevice(label: string, device: string | undefined): string {
  return device === undefined ? label : `${label}, from ${device}`;
}

function decisionLabel(approval: ToolCallApproval): string {
  if (approval.by === 'config-rule' && approval.rule) {
    return `${approval.decision === 'approved' ? 'Allowed' : 'Refused'} by a rule in ${approval.rule.file}`;
  }
  return APPROVAL_LABELS[approval.decision][approval.by];
}

/** "sandboxed", "sandboxed, with network", or "not sandboxed: <why>". */
export function boundaryLabel(boundary: ToolCallBoundary): string {
  if (boundary.sandboxed) return boundary.network ? 'sandboxed, with network' : 'sandboxed';
  return `not sandboxed: ${boundary.reason ?? 'no reason given'}`;
}

const OUTCOME_LABELS: Record<TurnOutcome, string> = {
  done: 'Turn finished',
  stopped: 'Stopped by you',
  interrupted: 'Interrupted',
  failed: 'Turn failed',
};

export function outcomeLabel(outcome: TurnOutcome, device?: string): string {
  return fromDevice(OUTCOME_LABELS[outcome], device);
}

const tokens = new Intl.NumberFormat('en-US');

export function formatTokens(count: number): string {
  return `${tokens.format(count)} tokens`;
}

/** Costs are decimal strings in dollars ("0.0123"); anything else is shown as sent. */
export function formatCost(cost: string | number): string {
  if (typeof cost === 'number') return `$${cost.toFixed(4).replace(/0{1,2}$/, '')}`;
  return /^\d+(\.\d+)?$/.test(cost) ? `$${cost}` : cost;
}

/** One turn's usage in a line: "1,234 tokens (1,000 in, 234 out) · $0.01". */
export function turnUsageText(usage: TurnUsage): string {
  const sent = usage.messageInputTokens;
  const received = usage.messageOutputTokens;
  const parts =
    sent !== undefined || received !== undefined
      ? [`${formatTokens((sent ?? 0) + (received ?? 0))} (${tokens.format(sent ?? 0)} in, ${tokens.format(received ?? 0)} out)`]
      : [`${formatTokens(usage.sessionTokens)} this session`];
  if (usage.lastMessageCost !== undefined) parts.push(formatCost(usage.lastMessageCost));
  return parts.join(' · ');
}
