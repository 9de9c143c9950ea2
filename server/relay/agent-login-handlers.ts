/**
 * The login methods (lib/protocol/agent-login.ts): typing into an agent's login terminal,
 * cancelling or dismissing it, and Log out. What cannot be done (no login running, an agent that
 * does not offer to log out) is answered with an error that says so.
 */
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { RpcError } from '../../lib/rpc/errors';
import type { AgentLogin } from '../agents/agent-login';
import { asRpc } from './rpc-errors';
import type { TabContext } from './tab-context';

export function registerAgentLoginHandlers({ connection, agents, logins }: TabContext): void {
  const withLogin = (agent: string, act: (login: AgentLogin) => Promise<void> | void) =>
    asRpc(async () => {
      agents.assertKnown(agent);
      await Promise.resolve()
        .then(() => act(logins.of(agent)))
        .catch(refused);
      return {};
    });
  connection.onRequest('agent/loginInput', ({ agent, text }) => withLogin(agent, (login) => login.input(text)));
  connection.onRequest('agent/loginCancel', ({ agent }) => withLogin(agent, (login) => login.cancel()));
  connection.onRequest('agent/logout', ({ agent }) => withLogin(agent, (login) => login.logout()));
}

function refused(error: unknown): never {
  throw new RpcError(ErrorCodes.InvalidRequest, error instanceof Error ? error.message : String(error), undefined, { cause: error });
}
