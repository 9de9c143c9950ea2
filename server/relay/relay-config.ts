/**
 * The user's configuration file, `<data-dir>/config.json`: the approval policy (`toolApproval`,
 * read by the agent's policy), the MCP servers (`mcpServers`) and the agents threads may be bound
 * to (`agents`, `defaultAgent`), the path prefix a proxy serves Baton under (`basePath`), and how
 * many turns keep their workspace checkpoints (`checkpoints`, server/rewind/checkpoint-config.ts),
 * and what runs in the OS sandbox (`sandbox`, server/process/sandbox-config.ts).
 * It lives in the data folder,
 * which the agent may not write, so the agent cannot loosen its own policy.
 */
import path from 'node:path';
import { z } from 'zod';
import { type AgentEntry, type AgentsSection, AgentsSectionSchema } from '../agents/agents-config';
import { type AgentConfig, AgentConfigError, AgentConfigSchema, parseAgentConfig, readConfigText } from '../guard/agent-config';
import { schemaProblem } from '../guard/config-file-problem';
import { McpServerManager, McpServersConfigSchema } from '../agents/builtin/mcp';
import type { CommandSandbox } from '../process/command-sandbox';
import { SandboxConfigSchema } from '../process/sandbox-config';
import { CheckpointsConfigSchema } from '../rewind/checkpoint-config';
import { BasePathSettingSchema } from './base-path';
import { UsersSettingSchema } from './users/users-config';
import { AgentRegistryUrlSettingSchema } from '../agents/catalogue/registry-source';

export const CONFIG_FILE = 'config.json';

/**
 * The config file as a tool call's approval note names it ("Allowed by a rule in
 * .baton/config.json"): relative to the workspace when it lies inside it, as the default data
 * folder does, so that the user's home folder stays out of a thread and its exports; else absolute.
 */
export function configFileLabel(file: string, workspaceRoot: string): string {
  const relative = path.relative(workspaceRoot, file);
  const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  return inside ? relative.split(path.sep).join('/') : file;
}

/**
 * Reads the config file and checks every section the relay uses while its text is at hand, so
 * that a mistake anywhere is reported at its line (config-file-problem.ts). No file: the defaults.
 */
export async function loadRelayConfig(file: string): Promise<AgentConfig> {
  const text = await readConfigText(file);
  if (text === undefined) return AgentConfigSchema.parse({});
  const config = parseAgentConfig(text, file);
  const sections = [
    { prefix: ['mcpServers'], check: () => McpServersConfigSchema.safeParse(config.mcpServers ?? {}) },
    { prefix: ['checkpoints'], check: () => CheckpointsConfigSchema.safeParse(config.checkpoints ?? {}) },
    { prefix: ['sandbox'], check: () => SandboxConfigSchema.safeParse(config.sandbox ?? {}) },
    // Checked as one object with the file's own keys, so an issue's path is the file's path.
    { prefix: [], check: () => AgentsSectionSchema.safeParse({ agents: config.agents ?? {}, defaultAgent: config.defaultAgent }) },
    { prefix: [], check: () => BasePathSettingSchema.safeParse({ basePath: config.basePath }) },
    { prefix: [], check: () => AgentRegistryUrlSettingSchema.safeParse({ agentRegistryUrl: config.agentRegistryUrl }) },
    { prefix: [], check: () => UsersSettingSchema.safeParse({ users: config.users, trustedProxy: config.trustedProxy }) },
  ];
  for (const { prefix, check } of sections) {
    const parsed = check();
    if (!parsed.success) {
      throw new AgentConfigError(file, `Bad config file ${schemaProblem(file, text, parsed.error, prefix)}`, { cause: parsed.error });
    }
  }
  return config;
}

export function createMcpServers(
  config: AgentConfig,
  options: { cwd: string; log: (message: string) => void; sandbox?: CommandSandbox },
): McpServerManager | undefined {
  const parsed = McpServersConfigSchema.safeParse(config.mcpServers ?? {});
  if (!parsed.success) {
    throw new Error(`The mcpServers section of ${CONFIG_FILE} is invalid: ${parsed.error.message}`);
  }
  if (Object.keys(parsed.data).length === 0) return undefined;
  return new McpServerManager({
    servers: parsed.data,
    cwd: options.cwd,
    log: options.log,
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
  });
}

/**
 * The agents of the config file plus those given with `--agent`; the first `--agent` becomes the
 * default unless the file names one.
 */
export function readAgentsSection(
  config: AgentConfig,
  extraAgents: ReadonlyArray<{ name: string; entry: AgentEntry }> = [],
): AgentsSection {
  const parsed = AgentsSectionSchema.safeParse({ agents: config.agents ?? {}, defaultAgent: config.defaultAgent });
  if (!parsed.success) {
    throw new Error(`The agents section of ${CONFIG_FILE} is invalid: ${z.prettifyError(parsed.error)}`);
  }
  const section = parsed.data;
  for (const { name, entry } of extraAgents) {
    if (name in section.agents) throw new Error(`--agent names ${name}, which ${CONFIG_FILE} already configures`);
    section.agents[name] = entry;
  }
  return { ...section, defaultAgent: section.defaultAgent ?? extraAgents[0]?.name };
}

/** The file's `basePath` ('' when it has none); loadRelayConfig has checked it. */
export function readBasePath(config: AgentConfig): string {
  return BasePathSettingSchema.parse({ basePath: config.basePath }).basePath;
}
