/**
 * A `uvx` distribution, installed with `uv tool install` into the agent's own folder (its tool
 * environment and its program both there, not in the user's `~/.local`), at the registry's version.
 */
import path from 'node:path';
import type { PackageDistribution } from '../../../lib/protocol/agent-catalogue';
import type { InstalledCommand } from './installed-command';
import type { ReportProgress } from './install-progress';
import { programName, pythonPackageSpec } from './package-spec';
import { InstallError, runInstaller } from './run-installer';

export async function installUvx(
  distribution: PackageDistribution,
  agentVersion: string,
  folder: string,
  env: Record<string, string | undefined>,
  report: ReportProgress = () => undefined,
): Promise<InstalledCommand> {
  const { name, version } = pythonPackageSpec(distribution.package, agentVersion);
  const named = programName(distribution.cmd);
  const bin = path.join(folder, 'bin');
  const uvEnv = { ...env, UV_TOOL_DIR: path.join(folder, 'tools'), UV_TOOL_BIN_DIR: bin };
  report({ stage: 'installing', installer: 'uv' });
  await runInstaller('uv', ['tool', 'install', '--force', `${name}==${version}`], uvEnv).catch((error: unknown) => {
    if (error instanceof InstallError && error.message.startsWith('uv is not installed')) {
      throw new InstallError(
        'uv is not installed: this agent is a Python package, which Baton installs with uv (https://docs.astral.sh/uv/)',
      );
    }
    throw error;
  });
  const program = named ?? name.replace(/\[.*\]$/, '');
  return { command: path.join(bin, program), args: distribution.args ?? [], env: distribution.env ?? {} };
}
