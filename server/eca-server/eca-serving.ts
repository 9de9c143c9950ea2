/**
 * Registers the methods that need an initialized server: each request is refused with the
 * lifecycle's error until `initialize` has been answered and after `shutdown` (eca-lifecycle.ts);
 * each notification is dropped then, as LSP says a server does with notifications before
 * `initialize`. Handlers get the running backend and may throw the hub's own failures, which are
 * answered as JSON-RPC errors.
 */
import type { EcaProtocol } from '../../lib/protocol/eca/eca-protocol';
import type {
  HandlerResult,
  NotificationMethod,
  ParsedNotificationParams,
  ParsedRequestParams,
  RequestMethod,
} from '../../lib/protocol/protocol-definition';
import type { RpcConnection } from '../../lib/rpc/rpc-connection';
import type { EcaBackend } from './eca-backend';
import type { EcaLifecycle } from './eca-lifecycle';
import { asEcaRpc } from './eca-server-errors';

export interface EcaServing {
  request<M extends RequestMethod<EcaProtocol>>(
    method: M,
    handler: (params: ParsedRequestParams<EcaProtocol, M>, backend: EcaBackend) => Promise<HandlerResult<EcaProtocol, M>>,
  ): void;
  notification<N extends NotificationMethod<EcaProtocol>>(
    method: N,
    handler: (params: ParsedNotificationParams<EcaProtocol, N>, backend: EcaBackend) => void | Promise<unknown>,
  ): void;
}

export function createEcaServing(
  connection: RpcConnection<EcaProtocol>,
  lifecycle: EcaLifecycle,
  backend: () => EcaBackend | undefined,
  log: (message: string) => void,
): EcaServing {
  return {
    request(method, handler) {
      connection.onRequest(method, (params) => {
        lifecycle.assertRunning(method);
        const running = backend();
        if (!running) throw new Error(`the server is running without a backend (${method})`);
        return asEcaRpc(() => handler(params, running));
      });
    },
    notification(method, handler) {
      connection.onNotification(method, (params) => {
        const running = backend();
        if (!lifecycle.isRunning || !running) {
          log(`${method} ignored: the server is ${lifecycle.state}`);
          return;
        }
        // A notification has no answer to carry a failure, so the log is told.
        Promise.resolve()
          .then(() => handler(params, running))
          .catch((error: unknown) => log(`${method} failed: ${error instanceof Error ? error.message : String(error)}`));
      });
    },
  };
}
