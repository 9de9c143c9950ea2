/**
 * The configured MCP servers (issue 5, "MCP servers"): each is either a command started over
 * stdio or a streamable HTTP URL, keyed by a short name that also prefixes its tools.
 */
import { z } from 'zod';
import { refuseRelaySecretNames, withoutRelaySecrets } from '../../../process/relay-secrets';

/**
 * Lower case, digits, `_` and `-`, so that `<server>__<tool>` fits Anthropic's tool name
 * pattern; at most 32 characters, leaving the other half of its 64 for the tool's own name.
 */
export const McpServerNameSchema = z
  .string()
  .regex(/^[a-z0-9_-]+$/, 'use lower-case letters, digits, "_" and "-"')
  .max(32);

export const McpStdioServerConfigSchema = z.strictObject({
  /** An executable: a path, or a name looked up on PATH. Never run through a shell. */
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  /** Added to PATH and HOME; nothing else of the relay's environment reaches the server. */
  env: z.record(z.string(), z.string()).superRefine(refuseRelaySecretNames).default({}),
  /** The server's working directory; the workspace root when absent. */
  cwd: z.string().min(1).optional(),
  disabled: z.boolean().default(false),
});
export type McpStdioServerConfig = z.infer<typeof McpStdioServerConfigSchema>;

export const McpHttpServerConfigSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }),
  /** Sent with every request, e.g. an Authorization header. */
  headers: z.record(z.string(), z.string()).default({}),
  disabled: z.boolean().default(false),
});
export type McpHttpServerConfig = z.infer<typeof McpHttpServerConfigSchema>;

/** Strict objects, so that an entry with both `command` and `url` is refused, not guessed at. */
export const McpServerConfigSchema = z.union([McpStdioServerConfigSchema, McpHttpServerConfigSchema]);
export type McpServerConfig = z.infer<typeof McpServerConfigSchema>;
/** What a config file holds, before defaults are filled in. */
export type McpServerConfigInput = z.input<typeof McpServerConfigSchema>;

export const McpServersConfigSchema = z.record(McpServerNameSchema, McpServerConfigSchema);
export type McpServersConfig = z.infer<typeof McpServersConfigSchema>;
export type McpServersConfigInput = z.input<typeof McpServersConfigSchema>;

export function isStdioServerConfig(config: McpServerConfig): config is McpStdioServerConfig {
  return 'command' in config;
}

/** The only variables a stdio server takes from the relay's environment. */
const INHERITED_VARIABLES = ['PATH', 'HOME'] as const;

/**
 * The server's environment: PATH and HOME from `inherited`, then the config's own variables.
 * The relay's secrets (ANTHROPIC_API_KEY, BATON_TOKEN, …) are never passed on.
 */
export function serverEnvironment(
  config: McpStdioServerConfig,
  inherited: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED_VARIABLES) {
    const value = inherited[name];
    if (value !== undefined) env[name] = value;
  }
  return withoutRelaySecrets({ ...env, ...config.env });
}
