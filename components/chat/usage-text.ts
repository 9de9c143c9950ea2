import type { TurnUsage } from '../../stores/baton-store';

const tokens = new Intl.NumberFormat('en-US');

/** The agent sends costs as decimal strings in dollars ("0.0123"); anything else is shown as sent. */
function formatCost(cost: string): string {
  return /^\d+(\.\d+)?$/.test(cost) ? `$${cost}` : cost;
}

/** "1,234 tokens · last $0.01 · session $0.05". */
export function usageText(usage: TurnUsage): string {
  const parts = [`${tokens.format(usage.sessionTokens)} tokens`];
  if (usage.lastMessageCost !== undefined) parts.push(`last ${formatCost(usage.lastMessageCost)}`);
  if (usage.sessionCost !== undefined) parts.push(`session ${formatCost(usage.sessionCost)}`);
  return parts.join(' · ');
}

/** The fuller account, for a tooltip. */
export function usageDetails(usage: TurnUsage): string {
  const lines = [`Tokens this session: ${tokens.format(usage.sessionTokens)}`];
  if (usage.messageInputTokens !== undefined) lines.push(`Sent on the last prompt: ${tokens.format(usage.messageInputTokens)}`);
  if (usage.messageOutputTokens !== undefined) lines.push(`Received for it: ${tokens.format(usage.messageOutputTokens)}`);
  if (usage.lastMessageCost !== undefined) lines.push(`Last prompt cost: ${formatCost(usage.lastMessageCost)}`);
  if (usage.sessionCost !== undefined) lines.push(`Session cost: ${formatCost(usage.sessionCost)}`);
  if (usage.limit) lines.push(`Model limits: ${tokens.format(usage.limit.context)} context, ${tokens.format(usage.limit.output)} output`);
  return lines.join('\n');
}
