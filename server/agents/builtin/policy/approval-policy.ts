/**
 * Decides, for each tool call, whether it runs at once, asks the user, or is refused, from the
 * config file's `toolApproval` rules (agent-config.ts).
 *
 * Of the rules naming the tool whose `when` holds: any `deny` wins; else any `allow`; else any
 * `ask`. Without one, read-only tools are allowed and every other tool asks. An `allow` that
 * tests an argument with `startsWith` or `matches` does not hold for a value containing shell
 * control characters, so a rule for `git status` never lets `git status; rm -rf ~` through.
 */
import type { AgentConfig, ArgumentMatcher, ToolApprovalDecision, ToolApprovalRule } from './agent-config';

export interface ToolCallToJudge {
  name: string;
  arguments: Readonly<Record<string, unknown>>;
  readOnly: boolean;
}

export interface ApprovalVerdict {
  decision: ToolApprovalDecision;
  /** The rule that decided, with its place in the file (0-based); none for the defaults. */
  rule?: { index: number; rule: ToolApprovalRule };
}

/** What would let a command line do more than the prefix a rule looked at. */
const SHELL_CONTROL_CHARACTERS = /[;&|`$<>()\n\r]/;

const PRECEDENCE: readonly ToolApprovalDecision[] = ['deny', 'allow', 'ask'];

export class ApprovalPolicy {
  constructor(private readonly rules: readonly ToolApprovalRule[] = []) {}

  static fromConfig(config: Pick<AgentConfig, 'toolApproval'>): ApprovalPolicy {
    return new ApprovalPolicy(config.toolApproval);
  }

  decide(call: ToolCallToJudge): ApprovalVerdict {
    const holding = this.rules
      .map((rule, index) => ({ index, rule }))
      .filter(({ rule }) => rule.tool === call.name && ruleHolds(rule, call.arguments));
    for (const decision of PRECEDENCE) {
      const decisive = holding.find(({ rule }) => rule.decision === decision);
      if (decisive) return { decision, rule: decisive };
    }
    return { decision: call.readOnly ? 'allow' : 'ask' };
  }
}

function ruleHolds(rule: ToolApprovalRule, args: Readonly<Record<string, unknown>>): boolean {
  if (!rule.when) return true;
  const value = argumentText(args[rule.when.argument]);
  if (value === undefined || !matcherHolds(rule.when, value)) return false;
  const loose = rule.when.startsWith !== undefined || rule.when.matches !== undefined;
  return !(rule.decision === 'allow' && loose && SHELL_CONTROL_CHARACTERS.test(value));
}

function matcherHolds(matcher: ArgumentMatcher, value: string): boolean {
  if (matcher.equals !== undefined && value !== matcher.equals) return false;
  if (matcher.startsWith !== undefined && !value.startsWith(matcher.startsWith)) return false;
  return matcher.matches === undefined || new RegExp(matcher.matches).test(value);
}

/** Strings as they are, numbers and booleans as written; other values never match. */
function argumentText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A rule in words, for the model and the log: `deny shell_command when command starts with "rm"`. */
export function describeRule(rule: ToolApprovalRule): string {
  const conditions: string[] = [];
  if (rule.when?.startsWith !== undefined) conditions.push(`starts with ${JSON.stringify(rule.when.startsWith)}`);
  if (rule.when?.equals !== undefined) conditions.push(`equals ${JSON.stringify(rule.when.equals)}`);
  if (rule.when?.matches !== undefined) conditions.push(`matches /${rule.when.matches}/`);
  const when = rule.when ? ` when ${rule.when.argument} ${conditions.join(' and ')}` : '';
  return `${rule.decision} ${rule.tool}${when}`;
}
