/**
 * What a built-in tool is: an Anthropic tool definition generated from its zod input schema (one
 * schema source), whether it needs the user's approval, and a `prepare` step that validates the
 * input and works out what the user sees (summary, diff) before anything runs.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import type { FileChangeDetails } from '../../../../lib/protocol/eca-chat';
import type { Workspace } from '../../../workspace/workspace';

export interface ToolContext {
  workspace: Workspace;
}

export interface PreparedToolCall {
  /** Shown on the tool call card, e.g. 'Reading README.md'. */
  summary: string;
  /** For edits: the diff, computed before approval so the waiting card can show it. */
  details?: FileChangeDetails;
  /** Runs the call (after approval, when needed) and resolves to the text the model receives. */
  execute(): Promise<string>;
}

export interface BuiltinTool {
  readonly name: string;
  readonly definition: Anthropic.Tool;
  /** Tools that change the workspace wait for the user; read-only tools run at once. */
  readonly manualApproval: boolean;
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
  manualApproval: boolean;
  prepare(input: z.infer<Schema>, context: ToolContext): Promise<PreparedToolCall>;
}): BuiltinTool {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(spec.inputSchema) as Record<string, unknown>;
  return {
    name: spec.name,
    manualApproval: spec.manualApproval,
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
