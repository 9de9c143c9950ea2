/**
 * The `sandbox` section of config.json: whether what Baton runs for agents runs in the bubblewrap
 * sandbox (command-sandbox.ts). `enabled` covers commands (the built-in agent's shell_command, ACP
 * terminals) and is the switch for the rest; `network` lets commands reach the network;
 * `mcpServers` and `agents` put MCP stdio servers and external agents' own processes in it too
 * (with the network, which they need to reach their services and models).
 */
import { z } from 'zod';

export const SandboxConfigSchema = z.strictObject({
  enabled: z.boolean().default(true),
  network: z.boolean().default(false),
  mcpServers: z.boolean().default(false),
  agents: z.boolean().default(false),
});

export type SandboxConfig = z.infer<typeof SandboxConfigSchema>;

/** The section as the relay uses it: the defaults where the file says nothing (loadRelayConfig has checked it). */
export function readSandboxConfig(section: unknown): SandboxConfig {
  return SandboxConfigSchema.parse(section ?? {});
}
