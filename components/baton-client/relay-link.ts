/**
 * The store's way to the relay. The store is created during render (also on the server), the
 * socket only in the browser after mount, so the store gets this stand-in that forwards to the
 * live connection once there is one.
 */
import type { BatonProtocol } from '../../lib/protocol/baton-protocol';
import type { RpcConnection } from '../../lib/rpc/rpc-connection';
import type { NotificationParams, RequestParams, RequestResult } from '../../lib/protocol/protocol-definition';
import type { BatonNotificationMethod, BatonRequestMethod, BatonRpc } from '../../stores/baton-rpc';

export class NotConnectedError extends Error {
  constructor(method: string) {
    super(`Not connected to the relay (${method} was not sent).`);
    this.name = 'NotConnectedError';
  }
}

export class RelayLink implements BatonRpc {
  private connection: RpcConnection<BatonProtocol> | null = null;

  attach(connection: RpcConnection<BatonProtocol>): void {
    this.connection = connection;
  }

  detach(connection: RpcConnection<BatonProtocol>): void {
    if (this.connection === connection) this.connection = null;
  }

  request<M extends BatonRequestMethod>(method: M, params: RequestParams<BatonProtocol, M>): Promise<RequestResult<BatonProtocol, M>> {
    if (!this.connection) return Promise.reject(new NotConnectedError(method));
    return this.connection.request(method, params);
  }

  notify<N extends BatonNotificationMethod>(method: N, params: NotificationParams<BatonProtocol, N>): void {
    if (!this.connection) throw new NotConnectedError(method);
    this.connection.notify(method, params);
  }
}
