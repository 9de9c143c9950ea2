/**
 * What a built-in tool is: an Anthropic tool definition generated from its zod input schema (one
 * schema source), whether it only reads (which decides its default approval and whether the plan
 * behaviour offers it), and a `prepare` step that validates the input and works out what the user
 * sees (summary, diff) before anything runs.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import type { FileChangeDetails, ToolCallOriginSchema } from '../../../../lib/protocol/eca-chat';
import type { ToolCallBoundary } from '../../../../lib/protocol/thread-review';
import type { CommandSandbox, SandboxChoice } from '../../../process/command-sandbox';
import type { Workspace } from '../../../workspace/workspace';
import type { ApprovalPolicy } from '../../../guard/approval-policy';

export interface ToolContext {
  workspace: Workspace;
  /** The whole environment of shell commands: never the relay's own (which holds its secrets). */
  shellEnvironment: Readonly<Record<string, string>>;
  /** The OS boundary shell commands run in (server/process/command-sandbox.ts). */
  commandSandbox: CommandSandbox;
  /** This call's sandbox and network, when a rule decides them; the config's defaults when omitted. */
  sandboxChoice?: SandboxChoice;
  /**
   * The approval rules, for tools that read many files in one call (grep, glob): a file a rule
   * about reading covers is left out, since no one was asked about it. No rules when omitted.
   */
  policy?: ApprovalPolicy;
}

/** What a call gets while it runs. */
export interface ToolRun {
  /** Aborts on Stop or when the agent closes; a call that takes a while must end promptly. */
  signal: AbortSignal;
  /** Shows a piece of output on the tool card while the call still runs (shell_command). */
  reportOutput(chunk: string): void;
  /** Records in the thread that a file was read, at which version (read_file), once the call succeeds. */
  reportRead?(read: { path: string; content: string; version: number }): void;
}

export interface PreparedToolCall {
  /** Shown on the tool call card, e.g. 'Reading README.md'. */
  summary: string;
  /** For edits: the diff, computed before approval so the waiting card can show it. */
  details?: FileChangeDetails;
  /**
   * Runs the call (after approval, when needed) and resolves to the text the model receives; a
   * rejection's message is what the model receives as a failed call.
   */
  execute(run: ToolRun): Promise<string>;
  /** The workspace paths `execute` may write: what they were is kept for a rewind of the thread. */
  touches?: readonly string[];
  /** For a call that runs a command: the OS boundary it runs in, shown on its card. */
  boundary?: ToolCallBoundary;
}

export interface BuiltinTool {
  readonly name: string;
  readonly definition: Anthropic.Tool;
  /**
   * Tools that only read run without asking by default and are all the plan behaviour offers;
   * the others ask (server/guard/approval-policy.ts).
   */
  readonly readOnly: boolean;
  /** 'native' when omitted; a tool adapted from an MCP server says 'mcp' and names its server. */
  readonly origin?: z.infer<typeof ToolCallOriginSchema>;
  readonly server?: string;
  /** Throws ToolInputError for input that does not fit the schema, WorkspaceError for bad paths. */
  prepare(input: unknown, context: ToolContext): Promise<PreparedToolCall>;
}

/** The model sent input the tool cannot use; the message goes back to the model as a tool error. */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
  readonly code = 'invalid-tool-input';
}

export function defineTool<Schema extends z.ZodObject>(spec: {
  name: string;
  description: string;
  inputSchema: Schema;
  readOnly: boolean;
  prepare(input: z.infer<Schema>, context: ToolContext): Promise<PreparedToolCall>;
}): BuiltinTool {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(spec.inputSchema) as Record<string, unknown>;
  return {
    name: spec.name,
    readOnly: spec.readOnly,
    definition: {
      name: spec.name,
      description: spec.description,
      input_schema: jsonSchema as Anthropic.Tool.InputSchema,
    },
    prepare(input, context) {
      const parsed = spec.inputSchema.safeParse(input);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`);
        throw new ToolInputError(`Invalid input for ${spec.name}: ${problems.join('; ')}`);
      }
      return spec.prepare(parsed.data, context);
    },
  };
}

/** The one field every file tool shares, described the same way for the model. */
export const WorkspacePathSchema = z
  .string()
  .min(1)
  .describe('Path of the file, relative to the workspace root (for example "src/index.ts").');
