/**
 * Rules about what a call runs, judged on each simple command the shell parser found
 * (call-commands.ts), never on the text the agent wrote: `r''m`, `\rm`, `env rm`, `bash -c 'rm'`
 * and Codex's `["/bin/bash","-lc","rm …"]` are all an `rm`.
 *
 * Two kinds of rule speak of commands: an action rule (`{ "action": "execute", "program": "rm" }`)
 * and a rule of today's form whose `when` tests a command argument (`{ "tool": "shell_command",
 * "when": { "argument": "command", "startsWith": "rm" } }`), read as a test of each simple
 * command's text. A `deny` or `ask` of either kind holds for every tool and protocol that runs a
 * command; an `allow` of today's form only for the tool it names.
 */
import type { ArgumentMatcher, TextMatcher, ToolApprovalRule } from './agent-config';
import type { CallCommands } from './call-commands';
import { programName, type SimpleCommand } from './shell-command';

/** The arguments through which today's rules name a command line. */
export const COMMAND_ARGUMENTS: ReadonlySet<string> = new Set(['command', 'cmd']);

/** Redirect targets that change nothing. */
const HARMLESS_TARGETS: ReadonlySet<string> = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);

export type IndexedRule = { index: number; rule: ToolApprovalRule };

/** True for a rule that speaks of what runs. */
export function isCommandRule(rule: ToolApprovalRule): boolean {
  return rule.action === 'execute' || (rule.tool !== undefined && rule.when !== undefined && COMMAND_ARGUMENTS.has(rule.when.argument));
}

/** Whether the rule applies to a call of `tool` at all: an allow of today's form only to its own tool. */
export function inScope(rule: ToolApprovalRule, tool: string): boolean {
  return rule.action === 'execute' || rule.decision !== 'allow' || rule.tool === tool;
}

/** Whether `rule` holds for one command the parser saw. */
function holdsFor(rule: ToolApprovalRule, command: SimpleCommand): boolean {
  if (rule.action === 'execute') {
    if (rule.program !== undefined && !programMatches(rule.program, command.program)) return false;
    return rule.args === undefined || textHolds(rule.args, command.args.join(' '));
  }
  // Today's rules test a line (`shell_command`'s `command`) or a program (a terminal's `command`).
  if (rule.when === undefined) return false;
  return textHolds(rule.when, command.text) || (command.program !== undefined && textHolds(rule.when, programName(command.program)));
}

/**
 * Whether a `deny` or `ask` rule might hold for a command whose program or arguments are decided
 * only when it runs (`$(echo rm) x`, `rm $(cat list)`): it might, unless it names another program
 * that the command does run.
 */
function mightHoldFor(rule: ToolApprovalRule, command: SimpleCommand): boolean {
  if (command.program === undefined) return true;
  if (!command.dynamicArgs) return false;
  if (rule.action === 'execute') return rule.program === undefined || programMatches(rule.program, command.program);
  // A test of the whole text: it might hold unless the program it starts with is another one.
  const fixed = rule.when?.equals ?? rule.when?.startsWith;
  return fixed === undefined || programMatches(fixed.split(' ')[0] ?? '', command.program);
}

/** The commands whose program was only a wrapper of another one the parser saw through. */
function unwrappedWrappers(commands: readonly SimpleCommand[]): Set<SimpleCommand> {
  // `wrappedBy` names the wrapper as the parser saw it: `sudo`, `bash -c`, `find -exec`.
  const wrappers = new Set(commands.flatMap((command) => (command.wrappedBy ? [command.wrappedBy.split(' ')[0]!] : [])));
  return new Set(
    commands.filter((command) => command.program !== undefined && wrappers.has(programName(command.program)) && command.args.length > 0),
  );
}

/**
 * The `deny` or `ask` rule that holds for some command of the call, if any. What cannot be seen
 * (a command that could not be parsed, no command at all) may be anything: every rule might hold.
 */
export function restrictingRule(rules: readonly IndexedRule[], decision: 'deny' | 'ask', found: CallCommands): IndexedRule | undefined {
  const blind = found.unseen !== undefined && found.commands.length === 0;
  return rules.find(
    ({ rule }) =>
      rule.decision === decision && (blind || found.commands.some((command) => holdsFor(rule, command) || mightHoldFor(rule, command))),
  );
}

/**
 * The allow rules that cover every command of the call (a wrapper seen through is judged by what
 * it wraps); undefined when any command is left uncovered or part of the call cannot be seen.
 */
export function coveringRules(rules: readonly IndexedRule[], found: CallCommands): IndexedRule[] | undefined {
  if (found.unseen !== undefined || found.commands.length === 0) return undefined;
  // A file the line writes is a change no command rule named (a path rule may ask about it).
  if (found.redirects.some((redirect) => redirect.access === 'write' && !HARMLESS_TARGETS.has(redirect.path))) return undefined;
  const wrappers = unwrappedWrappers(found.commands);
  const used: IndexedRule[] = [];
  for (const command of found.commands) {
    if (wrappers.has(command)) continue;
    if (command.dynamicArgs) return undefined;
    const covering = rules.find(({ rule }) => rule.decision === 'allow' && holdsFor(rule, command));
    if (!covering) return undefined;
    if (!used.includes(covering)) used.push(covering);
  }
  return used;
}

/** A rule's program matches by name (`rm` is `/bin/rm` too) or, when it names a path, exactly. */
function programMatches(ruleProgram: string, program: string | undefined): boolean {
  if (program === undefined) return false;
  return ruleProgram.includes('/') ? ruleProgram === program : ruleProgram === programName(program);
}

export function textHolds(matcher: TextMatcher | ArgumentMatcher, value: string): boolean {
  if (matcher.equals !== undefined && value !== matcher.equals) return false;
  if (matcher.startsWith !== undefined && !value.startsWith(matcher.startsWith)) return false;
  return matcher.matches === undefined || new RegExp(matcher.matches).test(value);
}
