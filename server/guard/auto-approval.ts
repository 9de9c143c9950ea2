/**
 * What let a tool call run without a question, as its `toolCallRun` content says it: a rule of the
 * user's config file (which one, in which file), or Baton's default rules, which run what only
 * reads. The card and the thread's review tell the two apart (lib/thread/review-labels.ts), so a
 * user with no config file is never told that one allowed the call.
 */
import type { ChatContent } from '../../lib/protocol/eca/chat-content';
import { type ApprovalPolicy, type ApprovalVerdict, describeRule } from './approval-policy';

export type AutoApprovalFields = Pick<Extract<ChatContent, { type: 'toolCallRun' }>, 'autoApproved' | 'approvingRule'>;

/** For a call the policy allowed (`verdict.decision === 'allow'`). */
export function autoApprovalOf(verdict: ApprovalVerdict, policy: ApprovalPolicy): AutoApprovalFields {
  // Every allow a rule gave carries that rule; an allow without one is the defaults' (approval-policy.ts).
  if (verdict.rule === undefined) return { autoApproved: 'default' };
  const file = policy.configFile;
  return { autoApproved: 'config', ...(file === undefined ? {} : { approvingRule: { file, rule: describeRule(verdict.rule.rule) } }) };
}
