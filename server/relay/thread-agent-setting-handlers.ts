/**
 * `thread/setAgentSetting` (lib/protocol/thread-agent-setting.ts): one of the agent's on/off
 * settings changed in the thread's session. An agent not running, one with no such settings, and
 * an agent that refuses are all told to the tab as CannotSetSetting, with the agent's own words.
 */
import { BatonErrorCodes } from '../../lib/protocol/baton-protocol';
import { RpcError } from '../../lib/rpc/errors';
import { asRpc } from './rpc-errors';
import type { TabContext } from './tab-context';

export function registerThreadAgentSettingHandlers({ connection, hub, agents }: TabContext): void {
  connection.onRequest('thread/setAgentSetting', ({ threadId, settingId, value }) =>
    asRpc(async () => {
      const agentName = await hub.agentOf(threadId);
      // Settings belong to a running agent's session: an agent not started has none to change.
      const backend = agents.startedBackends().get(agentName);
      if (!backend?.setSetting) {
        throw new RpcError(BatonErrorCodes.CannotSetSetting, `${agentName} has no on/off settings to change in this thread.`);
      }
      try {
        return { settings: await backend.setSetting(threadId, settingId, value) };
      } catch (error) {
        throw new RpcError(BatonErrorCodes.CannotSetSetting, error instanceof Error ? error.message : String(error), undefined, {
          cause: error,
        });
      }
    }),
  );
}
