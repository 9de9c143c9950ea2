/**
 * What a kind of agent's factory is and what it is given. Apart from the table of factories, which
 * imports every adapter, so that an adapter can name its context without importing all the others.
 */
import type { ApprovalPolicy } from '../guard/approval-policy';
import type { CommandSandbox } from '../process/command-sandbox';
import type { Workspace } from '../workspace/workspace';
import type { AgentBackend } from './agent-backend';
import type { AgentEntry } from './agents-config';

/** What every adapter is given besides its own config entry. */
export interface AgentFactoryContext {
  /** The agent's name in config.json. */
  name: string;
  /** The workspace, jailed: every file an agent asks the relay for goes through it. */
  workspace: Workspace;
  /** The relay's environment, for `passEnv`; a child never gets it whole. */
  env: Readonly<Record<string, string | undefined>>;
  /** The relay's `toolApproval` rules: they answer an agent's permission requests before a tab is asked. */
  policy: ApprovalPolicy;
  /**
   * The OS boundary of what Baton runs for the agent (ACP terminals) and, when config.json says
   * `sandbox.agents`, of the agent's own process; none when omitted.
   */
  sandbox?: CommandSandbox;
  log: (message: string) => void;
}

export type AgentFactory<E extends AgentEntry = AgentEntry> = (
  entry: E,
  context: AgentFactoryContext,
) => AgentBackend | Promise<AgentBackend>;
