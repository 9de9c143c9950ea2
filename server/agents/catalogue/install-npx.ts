/**
 * An `npx` distribution, installed once with npm into the agent's own folder at the registry's
 * version, so that what runs later is that installed program, never an `npx` that fetches
 * whatever the package's latest is at start. Install scripts are not run: nothing of the package
 * runs until the agent is started, as an agent, with an agent's limits.
 */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PackageDistribution } from '../../../lib/protocol/agent-catalogue';
import type { InstalledCommand } from './installed-command';
import type { ReportProgress } from './install-progress';
import { npmPackageSpec, programName } from './package-spec';
import { InstallError, runInstaller } from './run-installer';

/** The program the package puts on PATH when the registry names none (`cmd`): its only `bin`, or the one named like the package. */
async function packageBin(folder: string, name: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(folder, 'node_modules', name, 'package.json'), 'utf8')) as {
    bin?: string | Record<string, string>;
  };
  const unscoped = name.replace(/^@[^/]+\//, '');
  if (typeof manifest.bin === 'string') return unscoped;
  const bins = Object.keys(manifest.bin ?? {});
  const bin = bins.length === 1 ? bins[0] : bins.find((candidate) => candidate === unscoped);
  if (!bin) throw new InstallError(`the npm package ${name} has no program to run (its bin names ${bins.join(', ') || 'none'})`);
  return bin;
}

export async function installNpx(
  distribution: PackageDistribution,
  agentVersion: string,
  folder: string,
  env: Record<string, string | undefined>,
  report: ReportProgress = () => undefined,
): Promise<InstalledCommand> {
  const { name, version } = npmPackageSpec(distribution.package, agentVersion);
  const named = programName(distribution.cmd);
  report({ stage: 'installing', installer: 'npm' });
  await runInstaller(
    'npm',
    ['install', '--prefix', folder, '--no-audit', '--no-fund', '--omit=dev', '--ignore-scripts', `${name}@${version}`],
    env,
  );
  const bin = named ?? (await packageBin(folder, name));
  await access(path.join(folder, 'node_modules', '.bin', bin)).catch(() => {
    throw new InstallError(`the npm package ${name} has no program named ${JSON.stringify(bin)}`);
  });
  return { command: path.join(folder, 'node_modules', '.bin', bin), args: distribution.args ?? [], env: distribution.env ?? {} };
}
