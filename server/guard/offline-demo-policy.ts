/**
 * The offline demo writes into the user's project only what the user has seen and approved
 * (DESIGN.md, decision 6): every change asks, whatever the config file allows and even after
 * "approve for this session". The user's rules still decide everything else; a `deny` still wins.
 */
import { ApprovalPolicy, type ApprovalVerdict, type ToolCallToJudge } from './approval-policy';

export const OFFLINE_DEMO_ASKS = 'the offline demo shows every change before making it';

export class OfflineDemoApprovalPolicy extends ApprovalPolicy {
  constructor(private readonly userPolicy: ApprovalPolicy) {
    super([], userPolicy.configFile);
  }

  override decide(call: ToolCallToJudge): ApprovalVerdict {
    const verdict = this.userPolicy.decide(call);
    if (call.readOnly || verdict.decision === 'deny') return verdict;
    return { decision: 'ask', rule: verdict.rule, alwaysAsks: verdict.alwaysAsks ?? OFFLINE_DEMO_ASKS };
  }

  override readGuard(path: string, tool: string): ReturnType<ApprovalPolicy['readGuard']> {
    return this.userPolicy.readGuard(path, tool);
  }
}
