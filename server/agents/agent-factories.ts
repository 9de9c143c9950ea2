/**
 * One factory per kind of agent: the adapter that speaks its protocol. Each adapter lives in its
 * own folder under server/agents/ with one mapper file between its protocol and ECA chat contents.
 */
import type { AgentKind } from '../../lib/protocol/agents';
import type { AgentFactory } from './agent-factory';
import type { AgentEntry } from './agents-config';
import { createEcaClientAgent } from './eca-client';
import { createAcpAgent } from './acp/acp-agent';
import { createAutohandAgent } from './autohand/autohand-agent';
import { createEmacsAgent } from './emacs-agent/emacs-agent-backend';

export type ExternalAgentKind = Exclude<AgentKind, 'builtin'>;

/** The adapters; a kind missing here is refused with a clear message when a thread first uses it. */
export const agentFactories: Partial<{ [K in ExternalAgentKind]: AgentFactory<Extract<AgentEntry, { kind: K }>> }> = {
  acp: createAcpAgent,
  autohand: createAutohandAgent,
  eca: createEcaClientAgent,
  'emacs-agent': createEmacsAgent,
};
