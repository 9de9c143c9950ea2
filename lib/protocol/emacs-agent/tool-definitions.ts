/**
 * The JSON form of the backend's MCP tool definitions (specs/emacs-agent-http-sse.md, "TOON
 * Format (Optional)"). TOON is the same list, compacted for the model; Baton reads only JSON.
 */
import { z } from 'zod';

export const ToolParameterSchema = z.object({ type: z.string(), required: z.boolean().optional() });

export const ToolDefinitionSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** Keyed by parameter name. */
  parameters: z.record(z.string(), ToolParameterSchema),
});

export const ToolDefinitionsSchema = z.object({ tools: z.array(ToolDefinitionSchema) });
export type ToolDefinitions = z.infer<typeof ToolDefinitionsSchema>;
