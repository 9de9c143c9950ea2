/**
 * Decides, for each tool call, whether it runs at once, asks the user, or is refused, from the
 * config file's `toolApproval` rules (agent-config.ts), by what the call does (server/guard):
 * the commands it runs, parsed, and the workspace paths it reads or changes, resolved.
 *
 * Deny wins, from any rule that holds: the tool's own, a rule about a command it runs, a rule
 * about a path it touches. Then the questions that are asked every time, even after "approve for
 * this session": a change inside `.git`, a rule that asks about one of its commands or paths. Then
 * an allow: the tool's own, or allow rules covering every command it runs or every path it
 * changes. Then an ask; without one, read-only tools are allowed and every other tool asks.
 *
 * A rule about a command or a path holds for every tool that runs or touches it (an `allow` of
 * today's `tool`/`when` form only for its tool). What cannot be seen (no command given, one that
 * cannot be parsed, a program decided when it runs) is never covered by an allow, and a deny rule
 * that might apply to it wins (command-rules.ts).
 */
import type { CallCommands } from './call-commands';
import { COMMAND_ARGUMENTS, coveringRules, type IndexedRule, inScope, isCommandRule, restrictingRule, textHolds } from './command-rules';
import type { AgentConfig, ToolApprovalDecision, ToolApprovalRule } from './agent-config';
import { isGitPath, type JudgedPath, type PathAccess, ruleAccess } from './path-arguments';

export interface ToolCallToJudge {
  name: string;
  arguments: Readonly<Record<string, unknown>>;
  readOnly: boolean;
  /** The workspace paths the call reads or changes, resolved; see judgedPaths. */
  paths?: readonly JudgedPath[];
  /** What the call runs, parsed (server/guard/call-commands.ts); absent for a call that runs nothing. */
  commands?: CallCommands;
}

export interface ApprovalVerdict {
  decision: ToolApprovalDecision;
  /** The rule that decided, with its place in the file (0-based); none for the defaults. */
  rule?: IndexedRule;
  /**
   * Why the call asks even when its tool was approved for the session: a rule about one of its
   * commands or paths, a change inside `.git`, a command that cannot be seen. Said on the card.
   */
  alwaysAsks?: string;
}

const PRECEDENCE: readonly ToolApprovalDecision[] = ['deny', 'allow', 'ask'];

export class ApprovalPolicy {
  private readonly indexed: readonly IndexedRule[];

  /** `configFile`: where the rules come from, as a call's approval note names it (relay-config.ts configFileLabel). */
  constructor(
    rules: readonly ToolApprovalRule[] = [],
    readonly configFile?: string,
  ) {
    this.indexed = rules.map((rule, index) => ({ index, rule }));
  }

  static fromConfig(config: Pick<AgentConfig, 'toolApproval'>, configFile?: string): ApprovalPolicy {
    return new ApprovalPolicy(config.toolApproval, configFile);
  }

  decide(call: ToolCallToJudge): ApprovalVerdict {
    const own = this.ownVerdict(call);
    if (own.decision === 'deny') return own;
    const commandRules = call.commands ? this.indexed.filter(({ rule }) => isCommandRule(rule) && inScope(rule, call.name)) : [];
    const commandDenied = call.commands && restrictingRule(commandRules, 'deny', call.commands);
    if (commandDenied) return { decision: 'deny', rule: commandDenied };
    const guards = (call.paths ?? []).flatMap((judged) => judged.access.flatMap((access) => this.guardsOf(judged.path, access, call.name)));
    const denied = guards.find(({ rule }) => rule.decision === 'deny');
    if (denied) return { decision: 'deny', rule: denied };

    const gitPath = (call.paths ?? []).find((judged) => judged.access.includes('write') && isGitPath(judged.path));
    if (gitPath) return { decision: 'ask', alwaysAsks: 'a change inside .git always asks' };
    const commandAsked = call.commands && restrictingRule(commandRules, 'ask', call.commands);
    if (commandAsked) return { decision: 'ask', rule: commandAsked, alwaysAsks: `asked by your rule "${describeRule(commandAsked.rule)}"` };
    const asked = guards.find(({ rule }) => rule.decision === 'ask');
    if (asked) return { decision: 'ask', rule: asked, alwaysAsks: `asked by your rule "${describeRule(asked.rule)}"` };

    if (own.decision === 'allow') return own;
    const exact = this.exactLineAllow(call);
    if (exact) return { decision: 'allow', rule: exact };
    const covering = call.commands ? coveringRules(commandRules, call.commands) : this.pathsCovered(call);
    if (covering && covering.length > 0) return { decision: 'allow', rule: covering[0] };
    if (call.commands?.unseen !== undefined && own.rule === undefined) {
      return { decision: 'ask', alwaysAsks: `Baton cannot see what it runs: ${call.commands.unseen}` };
    }
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

  /** The tool's own rules (those not about commands, which command-rules.ts judges), with its paths resolved. */
  private ownVerdict(call: ToolCallToJudge): ApprovalVerdict {
    const values = argumentValues(call);
    // A command rule is judged on the parsed commands; a caller that parsed none gets no allow from one.
    const holding = this.indexed.filter(
      ({ rule }) =>
        rule.tool === call.name &&
        !(isCommandRule(rule) && (call.commands !== undefined || rule.decision === 'allow')) &&
        ruleHolds(rule, values),
    );
    for (const decision of PRECEDENCE) {
      const decisive = holding.find(({ rule }) => rule.decision === decision);
      if (decisive) return { decision, rule: decisive };
    }
    return { decision: call.readOnly ? 'allow' : 'ask' };
  }

  /**
   * Today's allow rule naming one whole command line exactly (`"when": { "argument": "command",
   * "equals": "…" }`): the user approved that very text, whatever it chains or expands, as before.
   * Deny and ask rules about its commands are judged first.
   */
  private exactLineAllow(call: ToolCallToJudge): IndexedRule | undefined {
    return this.indexed.find(({ rule }) => {
      const when = rule.when;
      if (rule.tool !== call.name || rule.decision !== 'allow' || when === undefined || !COMMAND_ARGUMENTS.has(when.argument)) return false;
      return (
        when.equals !== undefined &&
        when.startsWith === undefined &&
        when.matches === undefined &&
        call.arguments[when.argument] === when.equals
      );
    });
  }

  /** The `deny` and `ask` rules of other tools, and the action rules, about `access` of `path`. */
  private guardsOf(path: string, access: PathAccess, tool: string): IndexedRule[] {
    return this.indexed.filter(({ rule }) => rule.decision !== 'allow' && pathRuleHolds(rule, path, access, tool));
  }

  /** Allow action rules covering every path the call touches, each for each access; none when one is left. */
  private pathsCovered(call: ToolCallToJudge): IndexedRule[] | undefined {
    const paths = call.paths ?? [];
    if (paths.length === 0) return undefined;
    const used: IndexedRule[] = [];
    for (const judged of paths) {
      for (const access of judged.access) {
        const covering = this.indexed.find(
          ({ rule }) => rule.decision === 'allow' && rule.action !== undefined && pathRuleHolds(rule, judged.path, access, call.name),
        );
        if (!covering) return undefined;
        used.push(covering);
      }
    }
    return used;
  }
}

/** A rule about `access` of a path: an action rule, or a `when` on another tool's path argument. */
function pathRuleHolds(rule: ToolApprovalRule, path: string, access: PathAccess, tool: string): boolean {
  if (rule.action !== undefined) {
    if (rule.path === undefined || rule.action === 'execute') return false;
    const ruleAccessed: PathAccess = rule.action === 'read' ? 'read' : 'write';
    return ruleAccessed === access && textHolds(rule.path, path);
  }
  return (
    rule.tool !== tool &&
    rule.when !== undefined &&
    ruleAccess(rule.tool ?? '', rule.when.argument) === access &&
    textHolds(rule.when, path)
  );
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
  return value !== undefined && textHolds(rule.when, value);
}

/** Strings as they are, numbers and booleans as written; other values never match. */
function argumentText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A rule in words, for the model and the log: `deny shell_command when command starts with "rm"`, `deny execute rm`. */
export function describeRule(rule: ToolApprovalRule): string {
  const tests = (matcher: { startsWith?: string; equals?: string; matches?: string }) => {
    const conditions: string[] = [];
    if (matcher.startsWith !== undefined) conditions.push(`starts with ${JSON.stringify(matcher.startsWith)}`);
    if (matcher.equals !== undefined) conditions.push(`equals ${JSON.stringify(matcher.equals)}`);
    if (matcher.matches !== undefined) conditions.push(`matches /${matcher.matches}/`);
    return conditions.join(' and ');
  };
  if (rule.action !== undefined) {
    const program = rule.program !== undefined ? ` ${rule.program}` : '';
    const args = rule.args ? ` when its arguments ${tests(rule.args)}` : '';
    const path = rule.path ? ` when path ${tests(rule.path)}` : '';
    return `${rule.decision} ${rule.action}${program}${args}${path}`;
  }
  const when = rule.when ? ` when ${rule.when.argument} ${tests(rule.when)}` : '';
  return `${rule.decision} ${rule.tool}${when}`;
}
