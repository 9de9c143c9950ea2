/**
 * The extra workspace roots config.json gives an ACP agent (`additionalDirectories` on its entry),
 * as `session/new`, `session/load` and `session/resume` carry them
 * (https://agentclientprotocol.com/protocol/session-setup, "Additional directories"): only to an
 * agent that advertises `sessionCapabilities.additionalDirectories`, and only folders that pass
 * Baton's own path rules (resolved through links, inside the workspace, not Baton's data folder or
 * another protected folder, and folders indeed). One that fails is left out and logged, never sent.
 */
import type { AgentCapabilities } from '@agentclientprotocol/sdk';
import type { Workspace } from '../../workspace/workspace';
import { describe } from './acp-live-agent';

export async function additionalDirectories(
  workspace: Workspace,
  configured: readonly string[],
  log: (message: string) => void,
): Promise<string[]> {
  const root = await workspace.resolve('.');
  const kept: string[] = [];
  for (const requested of configured) {
    try {
      const { exists, isDirectory } = await workspace.stat(requested);
      if (!exists || !isDirectory) throw new Error('it is not a folder');
      const absolute = await workspace.resolve(requested);
      if (absolute !== root && !kept.includes(absolute)) kept.push(absolute);
    } catch (error) {
      log(`additional directory ${JSON.stringify(requested)} is left out: ${describe(error)}`);
    }
  }
  return kept;
}

/** The field to add to a session request: none when the agent does not take it, or nothing is left to send. */
export function additionalDirectoriesField(
  capabilities: AgentCapabilities,
  directories: readonly string[],
): { additionalDirectories?: string[] } {
  const supported = capabilities.sessionCapabilities?.additionalDirectories;
  if (supported === undefined || supported === null || directories.length === 0) return {};
  return { additionalDirectories: [...directories] };
}
