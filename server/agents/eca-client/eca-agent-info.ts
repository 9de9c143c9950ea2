/**
 * What the UI is told about an external ECA server: its models and behaviours as the server
 * announces them (`config/updated` in v2, the answer to `initialize` in v1), and what Baton can
 * do with it.
 */
import type { AgentInfo } from '../agent-backend';
import type { ServerChatConfig } from './eca-server-connection';

/** An ECA server offers all of it itself: contexts, commands, its own tool servers, session approvals. */
const ECA_CAPABILITIES = { contexts: true, commands: true, toolServers: true, sessionApproval: true, steering: true } as const;

/** Before the server has said anything: no model known (the UI shows none). */
export function initialEcaInfo(name: string): AgentInfo {
  return { name, kind: 'eca', model: '', offlineDemo: false, capabilities: { ...ECA_CAPABILITIES } };
}

/**
 * The info after one config update ("if a field is missing/null, means it had no change"). The
 * selected behaviour comes first, since the UI takes the first as the default.
 */
export function withServerConfig(info: AgentInfo, config: ServerChatConfig): AgentInfo {
  const models = config.models ?? info.models;
  const model = config.selectModel ?? (info.model !== '' ? info.model : (models?.[0] ?? ''));
  const behaviors = config.behaviors ?? info.behaviors;
  const selected = config.selectBehavior ?? behaviors?.[0];
  const ordered =
    behaviors && selected !== undefined && behaviors.includes(selected)
      ? [selected, ...behaviors.filter((behavior) => behavior !== selected)]
      : behaviors;
  return {
    ...info,
    model,
    ...(models ? { models: models.includes(model) || model === '' ? [...models] : [model, ...models] } : {}),
    ...(ordered ? { behaviors: [...ordered] } : {}),
  };
}
