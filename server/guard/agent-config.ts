/**
 * The built-in agent's config file: JSON, read once at start-up from the path the relay gives
 * (by default `<data-dir>/config.json`, outside anything the agent may write). Its
 * `toolApproval` rules set, per tool, whether a call runs, asks the user or is refused
 * (approval-policy.ts). A bad file stops start-up with one line naming the file, the line, the
 * field and what it takes (config-file-problem.ts).
 *
 * Other sections (such as MCP servers) belong to their own parts and are passed through as they
 * are; each part parses its own.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { jsonSyntaxProblem, schemaProblem } from './config-file-problem';

export const ToolApprovalDecisionSchema = z.enum(['allow', 'ask', 'deny']);
export type ToolApprovalDecision = z.infer<typeof ToolApprovalDecisionSchema>;

const RegexSourceSchema = z.string().superRefine((source, context) => {
  try {
    new RegExp(source);
  } catch (error) {
    context.addIssue({ code: 'custom', message: `not a valid regular expression (${(error as Error).message})` });
  }
});

const MATCHER_NEEDS_A_TEST = { message: 'a matcher needs startsWith, equals or matches' };
const hasATest = (matcher: { startsWith?: string; equals?: string; matches?: string }) =>
  matcher.startsWith !== undefined || matcher.equals !== undefined || matcher.matches !== undefined;

const textTests = {
  startsWith: z.string().min(1).optional(),
  equals: z.string().optional(),
  /** A JavaScript regular expression, searched anywhere in the value: anchor it with ^ and $. */
  matches: RegexSourceSchema.optional(),
};

/** A condition on a text (a command's arguments, a path); every test given must hold. */
export const TextMatcherSchema = z.strictObject(textTests).refine(hasATest, MATCHER_NEEDS_A_TEST);
export type TextMatcher = z.infer<typeof TextMatcherSchema>;

/** A condition on one argument of the call; every test given must hold. */
export const ArgumentMatcherSchema = z
  .strictObject({
    /** The argument's name, e.g. `command` for shell_command or `path` for write_file. */
    argument: z.string().min(1),
    ...textTests,
  })
  .refine(hasATest, { message: 'a "when" needs startsWith, equals or matches' });
export type ArgumentMatcher = z.infer<typeof ArgumentMatcherSchema>;

/**
 * What a call does, whatever its tool (server/guard): runs a program, reads, writes or deletes a
 * workspace path.
 */
export const RuleActionSchema = z.enum(['execute', 'read', 'write', 'delete']);
export type RuleAction = z.infer<typeof RuleActionSchema>;

/**
 * A rule names a tool (and optionally a `when` on one of its arguments), as rules always did, or
 * an action: `{ "action": "execute", "program": "rm", "decision": "deny" }`,
 * `{ "action": "write", "path": { "startsWith": "secrets/" }, "decision": "deny" }`.
 */
export const ToolApprovalRuleSchema = z
  .strictObject({
    /** A native tool's name (`shell_command`) or an MCP tool's, prefixed by its server (`everything__echo`). */
    tool: z.string().min(1).optional(),
    action: RuleActionSchema.optional(),
    decision: ToolApprovalDecisionSchema,
    when: ArgumentMatcherSchema.optional(),
    /** An execute rule's program: its name (`rm`, matching `/bin/rm` too) or a full path. */
    program: z.string().min(1).optional(),
    /** An execute rule's test of the program's arguments, joined by single spaces. */
    args: TextMatcherSchema.optional(),
    /** A read, write or delete rule's test of the workspace-relative path, resolved. */
    path: TextMatcherSchema.optional(),
    /** For the commands this rule decides: `false` runs them outside the OS sandbox (command-sandbox.ts). */
    sandbox: z.boolean().optional(),
    /** For the commands this rule decides: `true` lets them reach the network inside the sandbox. */
    network: z.boolean().optional(),
  })
  .superRefine((rule, context) => {
    const problem = (message: string) => context.addIssue({ code: 'custom', message });
    if ((rule.tool === undefined) === (rule.action === undefined)) problem('a rule names a "tool" or an "action", one of the two');
    if (rule.when !== undefined && rule.tool === undefined)
      problem('"when" goes with "tool"; an action rule tests "program", "args" or "path"');
    if ((rule.program !== undefined || rule.args !== undefined) && rule.action !== 'execute')
      problem('"program" and "args" go with "action": "execute"');
    if (rule.path !== undefined && (rule.action === undefined || rule.action === 'execute'))
      problem('"path" goes with "action": "read", "write" or "delete"');
    if ((rule.sandbox !== undefined || rule.network !== undefined) && rule.decision === 'deny')
      problem('"sandbox" and "network" say how an allowed or asked command runs; a deny runs nothing');
  });
export type ToolApprovalRule = z.infer<typeof ToolApprovalRuleSchema>;

export const AgentConfigSchema = z.looseObject({
  toolApproval: z.array(ToolApprovalRuleSchema).default([]),
});
export type AgentConfig = z.infer<typeof AgentConfigSchema>;

/** The relay's own failure to use the config file; `message` names the file and says what is wrong. */
export class AgentConfigError extends Error {
  override readonly name = 'AgentConfigError';
  readonly code = 'invalid-agent-config';

  constructor(
    readonly file: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Reads and checks the config file. A file that does not exist means the defaults: no rules. */
export async function loadAgentConfig(file: string): Promise<AgentConfig> {
  const text = await readConfigText(file);
  return text === undefined ? AgentConfigSchema.parse({}) : parseAgentConfig(text, file);
}

/** The config file's text; undefined when there is no such file. */
export async function readConfigText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new AgentConfigError(file, `Could not read the config file ${file}: ${(error as Error).message}`, { cause: error });
  }
}

export function parseAgentConfig(text: string, file: string): AgentConfig {
  const syntax = jsonSyntaxProblem(file, text);
  if (syntax !== undefined) throw new AgentConfigError(file, `Bad config file ${syntax}`);
  const parsed = AgentConfigSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new AgentConfigError(file, `Bad config file ${schemaProblem(file, text, parsed.error)}`, { cause: parsed.error });
  }
  return parsed.data;
}
