/**
 * The `eca` kind of agent: Baton as the client of an external ECA server (eca-client-backend.ts).
 */
import type { AgentFactory } from '../agent-factory';
import type { AgentEntry } from '../agents-config';
import { EcaClientBackend } from './eca-client-backend';

export { EcaClientBackend } from './eca-client-backend';

export const createEcaClientAgent: AgentFactory<Extract<AgentEntry, { kind: 'eca' }>> = (entry, context) =>
  new EcaClientBackend(entry, context);
