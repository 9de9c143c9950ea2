/**
 * One factory per kind of agent: the adapter that speaks its protocol. Each adapter lives in its
 * own folder under server/agents/ with one mapper file between its protocol and ECA chat contents.
 */
import type { AgentKind } from '../../lib/protocol/agents';
import type { ApprovalPolicy } from '../guard/approval-policy';
import type { CommandSandbox } from '../process/command-sandbox';
import type { Workspace } from '../workspace/workspace';
import type { AgentBackend } from './agent-backend';
import type { AgentEntry } from './agents-config';
import { createEcaClientAgent } from './eca-client';
import { createAcpAgent } from './acp/acp-agent';
import { createAutohandAgent } from './autohand/autohand-agent';
import { createEmacsAgent } from './emacs-agent/emacs-agent-backend';

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

export type ExternalAgentKind = Exclude<AgentKind, 'builtin'>;

/** The adapters; a kind missing here is refused with a clear message when a thread first uses it. */
export const agentFactories: Partial<{ [K in ExternalAgentKind]: AgentFactory<Extract<AgentEntry, { kind: K }>> }> = {
  acp: createAcpAgent,
  autohand: createAutohandAgent,
  eca: createEcaClientAgent,
  'emacs-agent': createEmacsAgent,
};
