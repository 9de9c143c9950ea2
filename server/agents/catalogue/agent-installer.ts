/**
 * The agent catalogue of one relay: the registry's agents with what this machine can install, and
 * the install itself into `<data-dir>/tools/agents/<id>/<version>/`, then the agent's entry in
 * config.json. An install happens only when a user asks for that agent; an update (the registry
 * has a newer version than the one installed) is offered in the list, never applied on its own.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  AgentsCatalogueResult,
  AgentsInstallProgress,
  AgentsInstallResult,
  CatalogueAgent,
  DistributionKind,
  RegistryAgent,
} from '../../../lib/protocol/agent-catalogue';
import { installedAgentsFolder } from '../../process/installed-agent-folder';
import type { AgentEntry } from '../agents-config';
import { configuredEntry, writeAgentEntry } from './config-agent-entry';
import { installBinary } from './install-binary';
import { installNpx } from './install-npx';
import type { ReportProgress } from './install-progress';
import { installUvx } from './install-uvx';
import type { InstalledCommand } from './installed-command';
import { platformKey } from './platform-key';
import { loadRegistry } from './registry-source';
import { InstallError } from './run-installer';

export interface AgentInstallerOptions {
  dataDir: string;
  configFile: string;
  registryUrl: string;
  /** The relay's environment: npm and uv run with it (their registry settings, PATH). */
  env: Record<string, string | undefined>;
  /** Told of each agent installed, so that it is offered at once. */
  onInstalled: (name: string, entry: AgentEntry) => void;
  platform?: string;
}

interface InstalledManifest {
  version: string;
  distribution: DistributionKind;
}

export class AgentInstaller {
  private readonly installing = new Map<string, Promise<AgentsInstallResult>>();
  /** Who hears of each running install's progress: every tab that asked for it. */
  private readonly progressListeners = new Map<string, Set<(progress: AgentsInstallProgress) => void>>();

  constructor(private readonly options: AgentInstallerOptions) {}

  agentFolder(id: string): string {
    return path.join(installedAgentsFolder(this.options.dataDir), id);
  }

  async catalogue(): Promise<AgentsCatalogueResult> {
    const listing = await loadRegistry(this.options.registryUrl);
    const agents: CatalogueAgent[] = [];
    for (const agent of listing.registry.agents) {
      const installed = await this.installed(agent.id);
      const byHand = installed === undefined && (await configuredEntry(this.options.configFile, agent.id)) !== undefined;
      agents.push({
        id: agent.id,
        name: agent.name,
        version: agent.version,
        description: agent.description,
        ...(agent.repository ? { repository: agent.repository } : {}),
        ...(agent.license ? { license: agent.license } : {}),
        installable: this.installable(agent),
        ...(installed ? { installedVersion: installed.version } : {}),
        updateOffered: installed !== undefined && installed.version !== agent.version,
        configuredByHand: byHand,
      });
    }
    return { agents, source: listing.source, ...(listing.registryProblem ? { registryProblem: listing.registryProblem } : {}) };
  }

  /**
   * One install per agent at a time: a second request for the same agent gets the first's answer,
   * and hears of its progress from then on.
   */
  install(id: string, onProgress?: (progress: AgentsInstallProgress) => void): Promise<AgentsInstallResult> {
    let listeners = this.progressListeners.get(id);
    if (!listeners) this.progressListeners.set(id, (listeners = new Set()));
    if (onProgress) listeners.add(onProgress);
    let running = this.installing.get(id);
    if (!running) {
      const report: ReportProgress = (progress) => {
        for (const listener of this.progressListeners.get(id) ?? []) listener({ id, ...progress });
      };
      running = this.installNow(id, report).finally(() => {
        this.installing.delete(id);
        this.progressListeners.delete(id);
      });
      this.installing.set(id, running);
    }
    return running;
  }

  private installable(agent: RegistryAgent): DistributionKind[] {
    const { npx, uvx, binary } = agent.distribution;
    const key = this.options.platform ?? platformKey();
    return [
      ...(npx ? (['npx'] as const) : []),
      ...(binary && key && binary[key] ? (['binary'] as const) : []),
      ...(uvx ? (['uvx'] as const) : []),
    ];
  }

  private async installed(id: string): Promise<InstalledManifest | undefined> {
    try {
      return JSON.parse(await readFile(path.join(this.agentFolder(id), 'installed.json'), 'utf8')) as InstalledManifest;
    } catch {
      return undefined;
    }
  }

  private async installNow(id: string, report: ReportProgress): Promise<AgentsInstallResult> {
    const { registry } = await loadRegistry(this.options.registryUrl);
    const agent = registry.agents.find((candidate) => candidate.id === id);
    if (!agent) throw new InstallError(`the agent registry has no agent ${JSON.stringify(id)}`);
    const [distribution] = this.installable(agent);
    if (!distribution)
      throw new InstallError(`${agent.name} has no distribution Baton can install on this machine (${platformKey() ?? process.platform})`);
    if (!/^[A-Za-z0-9][A-Za-z0-9._+-]*$/.test(agent.version))
      throw new InstallError(
        `the registry's version of ${agent.name} (${JSON.stringify(agent.version)}) is not one Baton can name a folder after`,
      );
    const installed = await this.installed(id);
    if (installed?.version === agent.version) return { id, version: agent.version, distribution: installed.distribution, installed: false };
    if (!installed && (await configuredEntry(this.options.configFile, id)) !== undefined) {
      throw new InstallError(`an agent named ${JSON.stringify(id)} is configured already in config.json; Baton leaves it as it is`);
    }
    const folder = path.join(this.agentFolder(id), agent.version);
    // What an earlier, failed install left is not reused.
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder, { recursive: true, mode: 0o700 });
    let command: InstalledCommand;
    try {
      command = await this.installDistribution(agent, distribution, folder, report);
    } catch (error) {
      await rm(folder, { recursive: true, force: true });
      throw error;
    }
    const entry = await writeAgentEntry(this.options.configFile, id, {
      kind: 'acp',
      label: agent.name,
      ...command,
      passEnv: installed ? await this.keptPassEnv(id) : [],
    });
    await writeFile(
      path.join(this.agentFolder(id), 'installed.json'),
      `${JSON.stringify({ version: agent.version, distribution } satisfies InstalledManifest)}\n`,
    );
    this.options.onInstalled(id, entry);
    return { id, version: agent.version, distribution, installed: true };
  }

  /**
   * The variables the user chose to pass to an installed agent (its login key, say): the registry
   * names none (its `env` holds fixed values), so an update keeps what the entry had.
   */
  private async keptPassEnv(id: string): Promise<string[]> {
    const previous = await configuredEntry(this.options.configFile, id);
    const passEnv = typeof previous === 'object' && previous !== null ? (previous as { passEnv?: unknown }).passEnv : undefined;
    return Array.isArray(passEnv) ? passEnv.filter((name): name is string => typeof name === 'string') : [];
  }

  private installDistribution(
    agent: RegistryAgent,
    distribution: DistributionKind,
    folder: string,
    report: ReportProgress,
  ): Promise<InstalledCommand> {
    const { npx, uvx, binary } = agent.distribution;
    if (distribution === 'npx') return installNpx(npx!, agent.version, folder, this.options.env, report);
    if (distribution === 'uvx') return installUvx(uvx!, agent.version, folder, this.options.env, report);
    return installBinary(binary![this.options.platform ?? platformKey()!]!, folder, report);
  }
}
