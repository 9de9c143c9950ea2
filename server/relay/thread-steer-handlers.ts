/**
 * `thread/steer` (lib/protocol/thread-steer.ts): a message for the running turn of a thread, for
 * agents that can take one mid-turn (the built-in agent at its next model request; an ECA server
 * through `chat/promptSteer`). Any other agent, or a thread with no turn running, is refused with
 * an error that says to send the message as a prompt instead.
 */
import { BatonErrorCodes } from '../../lib/protocol/baton-protocol';
import { RpcError } from '../../lib/rpc/errors';
import { asRpc } from './rpc-errors';
import type { TabContext } from './tab-context';

export function registerThreadSteerHandlers({ connection, hub, agents, audit }: TabContext): void {
  connection.onRequest('thread/steer', ({ threadId, text }) =>
    asRpc(async () => {
      const agentName = await hub.agentOf(threadId);
      const description = (await agents.describe()).find((agent) => agent.name === agentName);
      if (!description?.capabilities.steering) {
        throw new RpcError(
          BatonErrorCodes.CannotSteer,
          `${description?.label ?? agentName} cannot take a message while its turn runs; send it as a prompt once the turn ends.`,
        );
      }
      if (!(await hub.steer(threadId, text))) {
        throw new RpcError(BatonErrorCodes.CannotSteer, 'No turn is running in this thread; send the message as a prompt.');
      }
      // A message steering a turn is a prompt of its own in the audit list.
      await audit.record(Promise.resolve({ threadId, action: 'prompt' }));
      return {};
    }),
  );
}
