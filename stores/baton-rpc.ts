/**
 * What the store needs from the relay connection: typed requests and notifications of the Baton
 * protocol. The browser glue hands in the live `RpcConnection`; tests hand in a fake.
 */
import type { BatonProtocol } from '../lib/protocol/baton-protocol';
import type {
  NotificationMethod,
  NotificationParams,
  RequestMethod,
  RequestParams,
  RequestResult,
} from '../lib/protocol/protocol-definition';

export type BatonRequestMethod = RequestMethod<BatonProtocol>;
export type BatonNotificationMethod = NotificationMethod<BatonProtocol>;

export interface BatonRpc {
  request<M extends BatonRequestMethod>(method: M, params: RequestParams<BatonProtocol, M>): Promise<RequestResult<BatonProtocol, M>>;
  notify<N extends BatonNotificationMethod>(method: N, params: NotificationParams<BatonProtocol, N>): void;
}

/** Wire errors carry a numeric `code` and a `message` meant for the user; show the message. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Something went wrong talking to the relay.';
}
