/**
 * Decides, for each tool call, whether it runs at once, asks the user, or is refused, from the
 * config file's `toolApproval` rules (agent-config.ts).
 *
 * Of the rules naming the tool whose `when` holds: any `deny` wins; else any `allow`; else any
 * `ask`. Without one, read-only tools are allowed and every other tool asks. An `allow` that
 * tests an argument with `startsWith` or `matches` does not hold for a value containing shell
 * control characters, so a rule for `git status` never lets `git status; rm -rf ~` through; a
 * `deny` holds when it holds for any one of the commands such a value chains.
 *
 * Paths are judged resolved (path-arguments.ts): a rule on a path argument sees the path inside
 * the workspace, so `docs/../.git/config` is not under `docs/`. A `deny` or `ask` rule about
 * reading or changing a path guards it from every tool that reads or changes it, and a change
 * inside `.git` always asks. Those questions are never skipped by "approve for this session".
 */
import type { AgentConfig, ArgumentMatcher, ToolApprovalDecision, ToolApprovalRule } from './agent-config';
import { isGitPath, type JudgedPath, type PathAccess, ruleAccess } from './path-arguments';

export interface ToolCallToJudge {
  name: string;
  arguments: Readonly<Record<string, unknown>>;
  readOnly: boolean;
  /** The workspace paths the call reads or changes, resolved; see judgedPaths. */
  paths?: readonly JudgedPath[];
}

export interface ApprovalVerdict {
  decision: ToolApprovalDecision;
  /** The rule that decided, with its place in the file (0-based); none for the defaults. */
  rule?: { index: number; rule: ToolApprovalRule };
  /**
   * Why the call asks even when its tool was approved for the session: a rule about one of its
   * paths, or a change inside `.git`. Said on the card.
   */
  alwaysAsks?: string;
}

/** What would let a command line do more than the prefix a rule looked at. */
const SHELL_CONTROL_CHARACTERS = /[;&|`$<>()\n\r]/;
/** Where one command of a chained line ends and the next begins (quotes too: `sh -c "rm x"`). */
const COMMAND_SEPARATORS = /[;&|`()\n\r"']|\$\(/;
const PRECEDENCE: readonly ToolApprovalDecision[] = ['deny', 'allow', 'ask'];

type IndexedRule = { index: number; rule: ToolApprovalRule };

export class ApprovalPolicy {
  constructor(private readonly rules: readonly ToolApprovalRule[] = []) {}

  static fromConfig(config: Pick<AgentConfig, 'toolApproval'>): ApprovalPolicy {
    return new ApprovalPolicy(config.toolApproval);
  }

  decide(call: ToolCallToJudge): ApprovalVerdict {
    const own = this.ownVerdict(call);
    if (own.decision === 'deny') return own;
    const guards = (call.paths ?? []).flatMap((judged) =>
      judged.access.flatMap((access) => this.guardsOf(judged.path, access, call.name)),
    );
    const denied = guards.find(({ rule }) => rule.decision === 'deny');
    if (denied) return { decision: 'deny', rule: denied };
    const gitPath = (call.paths ?? []).find((judged) => judged.access.includes('write') && isGitPath(judged.path));
    if (gitPath) {
      return { decision: 'ask', alwaysAsks: 'a change inside .git always asks' };
    }
    const asked = guards.find(({ rule }) => rule.decision === 'ask');
    if (asked) return { decision: 'ask', rule: asked, alwaysAsks: `asked by your rule "${describeRule(asked.rule)}"` };
    return own;
  }

  /**
   * For a tool that reads many files at once (grep, glob): whether a `deny` or `ask` rule about
   * reading covers `path`, so the tool leaves the file out rather than read it without asking.
   */
  readGuard(path: string, tool: string): IndexedRule | undefined {
    const guards = this.guardsOf(path, 'read', tool);
    return guards.find(({ rule }) => rule.decision === 'deny') ?? guards[0];
  }

  /** The tool's own rules, matched with its paths resolved. */
  private ownVerdict(call: ToolCallToJudge): ApprovalVerdict {
    const values = argumentValues(call);
    const holding = this.indexed().filter(({ rule }) => rule.tool === call.name && ruleHolds(rule, values));
    for (const decision of PRECEDENCE) {
      const decisive = holding.find(({ rule }) => rule.decision === decision);
      if (decisive) return { decision, rule: decisive };
    }
    return { decision: call.readOnly ? 'allow' : 'ask' };
  }

  /** The `deny` and `ask` rules of other tools about `access` of `path`. */
  private guardsOf(path: string, access: PathAccess, tool: string): IndexedRule[] {
    return this.indexed().filter(
      ({ rule }) =>
        rule.tool !== tool &&
        rule.decision !== 'allow' &&
        rule.when !== undefined &&
        ruleAccess(rule.tool, rule.when.argument) === access &&
        matcherHolds(rule.when, path),
    );
  }

  private indexed(): IndexedRule[] {
    return this.rules.map((rule, index) => ({ index, rule }));
  }
}

/** The call's arguments as rules see them: each path argument replaced by its resolved path. */
function argumentValues(call: ToolCallToJudge): Readonly<Record<string, unknown>> {
  const resolved = (call.paths ?? []).filter((judged) => judged.argument !== undefined);
  if (resolved.length === 0) return call.arguments;
  return { ...call.arguments, ...Object.fromEntries(resolved.map((judged) => [judged.argument, judged.path])) };
}

function ruleHolds(rule: ToolApprovalRule, args: Readonly<Record<string, unknown>>): boolean {
  if (!rule.when) return true;
  const value = argumentText(args[rule.when.argument]);
  if (value === undefined) return false;
  if (rule.decision === 'deny') return denyHolds(rule.when, value);
  if (!matcherHolds(rule.when, value)) return false;
  const loose = rule.when.startsWith !== undefined || rule.when.matches !== undefined;
  return !(rule.decision === 'allow' && loose && SHELL_CONTROL_CHARACTERS.test(value));
}

/** A deny holds for the whole value or for any command it chains: `true && rm -rf x` is an `rm`. */
function denyHolds(matcher: ArgumentMatcher, value: string): boolean {
  if (matcherHolds(matcher, value)) return true;
  if (!SHELL_CONTROL_CHARACTERS.test(value) && !/["']/.test(value)) return false;
  return value
    .split(COMMAND_SEPARATORS)
    .map((part) => part.trim())
    .some((part) => part.length > 0 && matcherHolds(matcher, part));
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
