/**
 * One policy for every agent: an external agent's permission request goes through the relay's
 * own `toolApproval` rules before a tab is asked (deny wins; an allowing rule answers at once;
 * "Approve for this session" is remembered per thread, but never skips a question a rule about a
 * path or a change inside .git raises), and the card the user answers is the
 * same as the built-in agent's. The adapter then tells its agent what was decided, in its
 * protocol's words (for ACP, one of the agent's own options: `pickOption`).
 */
import type { ApprovalOption } from '../../../lib/protocol/agents';
import type { ChatContentInput, FileChangeDetails } from '../../../lib/protocol/eca-chat';
import { callCommands } from '../../guard/call-commands';
import type { AgentTurn, ApprovalDecision } from '../agent-backend';
import { type ApprovalPolicy, type ApprovalVerdict, describeRule } from '../../guard/approval-policy';
import { autoApprovalOf } from '../../guard/auto-approval';
import type { JudgedPath } from '../../guard/path-arguments';
import { SessionApprovals } from '../../guard/session-approvals';

export interface GatedToolCall {
  origin: 'native' | 'mcp';
  id: string;
  name: string;
  server: string;
  summary?: string;
  details?: FileChangeDetails;
  arguments: Record<string, unknown>;
}

export interface PermissionRequest {
  call: GatedToolCall;
  /** Whether the agent says the call only reads; the rules' default allows those without asking. */
  readOnly: boolean;
  /** The agent's own answers, shown on the card by their labels (ACP). */
  options?: readonly ApprovalOption[];
  /** The workspace paths the call reads or changes, resolved, so rules about paths hold for it too. */
  paths?: readonly JudgedPath[];
}

export interface PermissionOutcome {
  decision: ApprovalDecision;
  /** The option the user picked on the card, when it offered the agent's own. */
  optionId?: string;
  /** Who decided: the user on the card, a config rule, or an earlier "Approve for this session". */
  decidedBy: 'user' | 'config' | 'session';
}

export class PermissionGate {
  private readonly sessionApprovals = new SessionApprovals();

  constructor(private readonly policy: ApprovalPolicy) {}

  /**
   * What the rules and the thread's session approvals say of a call, without showing or asking:
   * for an adapter that asks about several calls on one card (a batch of proposed changes).
   * 'ask-alone' is a question a path rule or a change inside .git raises: it gets a card of its own.
   */
  async verdict(threadId: string, request: PermissionRequest): Promise<'allow' | 'deny' | 'ask' | 'ask-alone'> {
    const verdict = await this.judge(request);
    if (verdict.decision !== 'ask') return verdict.decision;
    if (verdict.alwaysAsks) return 'ask-alone';
    return this.sessionApprovals.has(threadId, request.call.name) ? 'allow' : 'ask';
  }

  /**
   * Shows the call (`toolCallRun`), decides or asks, and reports a refusal (`toolCallRejected`).
   * Resolves with the decision; a turn stopped while waiting resolves 'rejected'.
   */
  async request(turn: AgentTurn, request: PermissionRequest): Promise<PermissionOutcome> {
    const { call, options } = request;
    const verdict = await this.judge(request);
    const emit = (content: ChatContentInput) => turn.emit(content);
    if (verdict.decision === 'deny') {
      const rule = verdict.rule ? ` (${describeRule(verdict.rule.rule)})` : '';
      await emit({
        type: 'toolCallRejected',
        ...call,
        summary: `${call.summary ?? call.name}: refused by Baton's config${rule}`,
        reason: 'user-config',
      });
      return { decision: 'rejected', decidedBy: 'config' };
    }
    // A question a rule about a path or a change inside .git raises is asked every time.
    const remembered = verdict.decision === 'ask' && !verdict.alwaysAsks && this.sessionApprovals.has(turn.threadId, call.name);
    if (verdict.decision === 'allow' || remembered) {
      await emit({
        type: 'toolCallRun',
        ...call,
        manualApproval: false,
        ...(remembered ? { autoApproved: 'session' as const } : autoApprovalOf(verdict, this.policy)),
      });
      return { decision: 'approved', decidedBy: remembered ? 'session' : 'config' };
    }
    await emit({
      type: 'toolCallRun',
      ...call,
      ...(verdict.alwaysAsks ? { summary: `${call.summary ?? call.name} (${verdict.alwaysAsks})` } : {}),
      manualApproval: true,
      ...(options && options.length > 0 ? { approvalOptions: [...options] } : {}),
    });
    const answer = await turn.awaitApproval(call.id);
    const picked = options?.find((option) => option.optionId === answer.optionId);
    const decision = picked ? (picked.kind.startsWith('allow') ? approvedBy(picked) : 'rejected') : answer.decision;
    if (decision === 'approved-for-session') this.sessionApprovals.remember(turn.threadId, call.name);
    if (decision === 'rejected') await emit({ type: 'toolCallRejected', ...call, reason: 'user-choice' });
    return { decision, optionId: picked?.optionId, decidedBy: 'user' };
  }

  /**
   * The rules' verdict on what the call does: its paths, and the commands it runs, found in its
   * arguments whatever their shape (a line, Codex's argv) or, with none, in an ACP execute call's title.
   */
  private async judge({ call, readOnly, paths }: PermissionRequest): Promise<ApprovalVerdict> {
    const commands = await callCommands({ name: call.name, arguments: call.arguments, ...(call.summary ? { title: call.summary } : {}) });
    return this.policy.decide({ name: call.name, arguments: call.arguments, readOnly, paths, commands });
  }
}

function approvedBy(option: ApprovalOption): ApprovalDecision {
  return option.kind === 'allow_always' ? 'approved-for-session' : 'approved';
}

/**
 * The agent's option that says what was decided: the one the user picked, else the first of the
 * matching kind (allow always for a session approval, then allow once; reject once, then always).
 */
export function pickOption(options: readonly ApprovalOption[], outcome: PermissionOutcome): ApprovalOption | undefined {
  if (outcome.optionId !== undefined) {
    const picked = options.find((option) => option.optionId === outcome.optionId);
    if (picked) return picked;
  }
  const preference: ReadonlyArray<ApprovalOption['kind']> =
    outcome.decision === 'rejected'
      ? ['reject_once', 'reject_always']
      : outcome.decision === 'approved-for-session'
        ? ['allow_always', 'allow_once']
        : ['allow_once', 'allow_always'];
  for (const kind of preference) {
    const option = options.find((candidate) => candidate.kind === kind);
    if (option) return option;
  }
  return undefined;
}
