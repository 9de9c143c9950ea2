/**
 * Tool servers: `tool/serverUpdated` and the `mcp/*` notifications (specs/eca-protocol-v2.md,
 * "Tool updated", "Stop MCP server", "Start MCP server"; identical in v1). "Add MCP" is marked
 * "Soon" in both versions and has no shape yet, so it has no schema.
 */
import { z } from 'zod';

export const ServerToolSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** Typed `any` by the spec: the tool's parameter schema, passed through untouched. */
  parameters: z.unknown(),
  disabled: z.boolean().optional(),
});
export type ServerTool = z.infer<typeof ServerToolSchema>;

export const McpServerStatusSchema = z.enum(['running', 'starting', 'stopped', 'failed', 'disabled']);
export type McpServerStatus = z.infer<typeof McpServerStatusSchema>;

/**
 * Baton extension: the configured agent a server belongs to (an external ECA server runs its own
 * MCP servers). Absent means the built-in agent, so ECA peers that never send it are unaffected.
 */
export const BatonServerOwnerSchema = z.object({ agent: z.string() }).optional();

/** ECA's built-in tools, always running. */
export const EcaServerUpdatedParamsSchema = z.object({
  type: z.literal('native'),
  name: z.literal('ECA'),
  status: z.literal('running'),
  tools: z.array(ServerToolSchema),
  baton: BatonServerOwnerSchema,
});

export const McpServerUpdatedParamsSchema = z.object({
  type: z.literal('mcp'),
  name: z.string(),
  /** The command and arguments that start the server. */
  command: z.string(),
  args: z.array(z.string()),
  status: McpServerStatusSchema,
  /** Absent while the server is disabled. */
  tools: z.array(ServerToolSchema).optional(),
  /** Baton's extension: why a server is `failed`, so the panel can say so. */
  error: z.string().optional(),
  baton: BatonServerOwnerSchema,
});

export const ToolServerUpdatedParamsSchema = z.discriminatedUnion('type', [EcaServerUpdatedParamsSchema, McpServerUpdatedParamsSchema]);
export type ToolServerUpdatedParams = z.infer<typeof ToolServerUpdatedParamsSchema>;

export const McpStopServerParamsSchema = z.object({ name: z.string(), baton: BatonServerOwnerSchema });
export const McpStartServerParamsSchema = z.object({ name: z.string(), baton: BatonServerOwnerSchema });
