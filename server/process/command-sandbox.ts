/**
 * The OS boundary around what Baton runs for agents (DESIGN.md, decision 5): each command (and,
 * when config.json asks, each MCP stdio server and external agent process) runs in bubblewrap
 * when it is installed and works here, with the workspace writable, the rest read-only, Baton's
 * data folder and the home folder's secrets hidden, and no network unless allowed. Where the
 * sandbox cannot hold, commands still run and every card says why (`boundary`).
 *
 * Per call, the caller says whether to sandbox and whether to allow the network (a rule of the
 * approval policy may); the config's `sandbox` section gives the defaults.
 */
import { realpath } from 'node:fs/promises';
import os from 'node:os';
import type { ToolCallBoundary } from '../../lib/protocol/thread-review';
import { installFolderOf } from './installed-agent-folder';
import { installRoot } from './install-root';
import { type SpawnSpec, sandboxedSpawn } from './sandbox-command';
import type { SandboxConfig } from './sandbox-config';
import { findHiddenPaths, type HiddenPathsInput } from './sandbox-hidden-paths';
import { probeSandbox, type SandboxAvailability } from './sandbox-probe';

export interface SandboxChoice {
  sandbox: boolean;
  network: boolean;
}

/** What one command gets: its boundary (for the card) and how to start it within that boundary. */
export interface SandboxPlan {
  boundary: ToolCallBoundary;
  wrap(spec: SpawnSpec): SpawnSpec;
}

export const TURNED_OFF_BY_CONFIG = 'turned off by config';
export const TURNED_OFF_BY_RULE = 'turned off by a rule';
/** Why a part made without the relay's sandbox (a test's agent, say) runs commands without one. */
export const NO_SANDBOX_SET_UP = 'no sandbox set up';

export interface CommandSandboxSetup {
  config: SandboxConfig;
  availability: SandboxAvailability;
  workspaceRoot: string;
  dataDir: string;
  home: string | undefined;
}

export class CommandSandbox {
  /** Checks the config and, when it asks for the sandbox, whether bubblewrap works here. */
  static async start(options: {
    config: SandboxConfig;
    workspaceRoot: string;
    dataDir: string;
    /** The relay's environment: HOME, PATH, BATON_BWRAP_PATH. */
    env: Readonly<Record<string, string | undefined>>;
    platform?: NodeJS.Platform;
  }): Promise<CommandSandbox> {
    const home = options.env.HOME ?? os.homedir();
    // Mounted where it really is: a workspace reached through a symlink is bound at its real path.
    const place = { workspaceRoot: await realpath(options.workspaceRoot), dataDir: options.dataDir, home };
    const availability: SandboxAvailability = options.config.enabled
      ? await probeSandbox({
          env: options.env,
          layout: { workspaceRoot: place.workspaceRoot, hidden: await findHiddenPaths(place), network: false },
          platform: options.platform,
        })
      : { available: false, reason: TURNED_OFF_BY_CONFIG };
    return new CommandSandbox({ config: options.config, availability, ...place });
  }

  /** No sandbox at all, for `reason`: where none was set up (an agent made without the relay). */
  static none(reason = NO_SANDBOX_SET_UP): CommandSandbox {
    const config = { enabled: false, network: false, mcpServers: false, agents: false };
    return new CommandSandbox({ config, availability: { available: false, reason }, workspaceRoot: '/', dataDir: '/', home: undefined });
  }

  constructor(private readonly setup: CommandSandboxSetup) {}

  get availability(): SandboxAvailability {
    return this.setup.availability;
  }

  /** What a call gets when no rule says otherwise. */
  defaults(): SandboxChoice {
    return { sandbox: this.setup.config.enabled, network: this.setup.config.network };
  }

  /** The boundary a command with this choice gets; known before it runs, for the card that asks about it. */
  boundary(choice: SandboxChoice = this.defaults()): ToolCallBoundary {
    const { availability } = this.setup;
    if (!availability.available) return { sandboxed: false, reason: availability.reason };
    if (!choice.sandbox) return { sandboxed: false, reason: TURNED_OFF_BY_RULE };
    return { sandboxed: true, network: choice.network };
  }

  /** How to start one command now: the paths to hide are looked up afresh, just before it starts. */
  async plan(choice: SandboxChoice = this.defaults(), shownReadOnly: readonly string[] = []): Promise<SandboxPlan> {
    const boundary = this.boundary(choice);
    const { availability } = this.setup;
    if (!boundary.sandboxed || !availability.available) return { boundary, wrap: (spec) => spec };
    const layout = {
      bwrapPath: availability.bwrapPath,
      workspaceRoot: this.setup.workspaceRoot,
      hidden: await findHiddenPaths(this.place()),
      network: choice.network,
      shownInTmp: installFoldersInTmp(),
      shownReadOnly,
    };
    return { boundary, wrap: (spec) => sandboxedSpawn(spec, layout) };
  }

  /**
   * An MCP stdio server's or an external agent's own process: sandboxed only when the config's
   * `mcpServers` or `agents` says so, and with the network, which it needs for its service or model.
   * An agent installed by "Add agent" lives in the hidden data folder: its own version folder is
   * shown again, read-only.
   */
  async wrapProcess(spec: SpawnSpec, kind: 'mcpServers' | 'agents'): Promise<SpawnSpec> {
    const installed = kind === 'agents' ? installFolderOf(this.setup.dataDir, spec.command) : undefined;
    const shown = installed ? [await realpath(installed)] : [];
    const plan = await this.plan({ sandbox: this.setup.config[kind], network: true }, shown);
    return plan.wrap(spec);
  }

  /** Said once at start (on stderr): where the sandbox does not hold, and why. */
  startupNote(): string {
    const { availability, config } = this.setup;
    if (!availability.available) return `commands run without a sandbox: ${availability.reason}`;
    const extra = [config.mcpServers ? 'MCP servers' : '', config.agents ? 'agent processes' : ''].filter(Boolean);
    const network = config.network ? 'with the network' : 'without the network';
    return `commands run in a bubblewrap sandbox (${availability.bwrapPath}), ${network}${extra.length > 0 ? `; so do ${extra.join(' and ')}` : ''}`;
  }

  private place(): HiddenPathsInput {
    return { home: this.setup.home, dataDir: this.setup.dataDir };
  }
}

/** Baton's own install, when it lies in /tmp (which the sandbox replaces with a fresh one). */
function installFoldersInTmp(): string[] {
  const root = installRoot();
  return root !== undefined && (root === '/tmp' || root.startsWith('/tmp/')) ? [root] : [];
}
