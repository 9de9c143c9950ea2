/**
 * One JSON-RPC 2.0 connection over any transport: requests, responses and notifications in both
 * directions, batches received per the specification, params and results checked against the
 * protocol's schemas. Bad input is answered with the error it deserves and the connection goes on.
 */
import { classifyMessage, JSONRPC_VERSION, type RequestId } from '../protocol/json-rpc';
import { ConnectionError, invalidRequest, parseError, RpcError } from './errors';
import { IncomingMessages, type NotificationHandler } from './incoming-messages';
import { errorResponse, withParams, type RequestContext, type RequestHandler } from './outgoing-messages';
import { PendingRequests } from './pending-requests';
import type {
  HandlerResult,
  NotificationMethod,
  NotificationParams,
  ParsedNotificationParams,
  ParsedRequestParams,
  ProtocolDefinition,
  RequestMethod,
  RequestParams,
  RequestResult,
} from '../protocol/protocol-definition';
import { GivenUpRequests, type CancellationOptions } from './request-cancellation';
import type { Transport } from './transport';

export type { RequestContext } from './outgoing-messages';

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface RpcConnectionOptions {
  /** Default timeout of outgoing requests. */
  requestTimeoutMs?: number;
  /**
   * Told about input that could not be answered (bad notifications, stray responses), and about
   * bytes the transport could not decode (which the peer is also answered, with -32700).
   */
  onProtocolError?: (error: RpcError) => void;
  /**
   * Cancellation on the wire, for LSP-framed peers: `{ notification: '$/cancelRequest' }`. An
   * outgoing request given up (signal aborted or timed out) is announced to the peer; the peer's
   * cancellation aborts the matching handler's signal and is answered with -32800 at once.
   */
  cancellation?: CancellationOptions;
}

const DEFAULT_TIMEOUT_MS = 60_000;

export class RpcConnection<P extends ProtocolDefinition> {
  private readonly incoming: IncomingMessages;
  private readonly pending = new PendingRequests();
  private readonly givenUp = new GivenUpRequests();
  private readonly closeListeners = new Set<(error: ConnectionError) => void>();
  private nextId = 1;
  private closedWith: ConnectionError | undefined;

  constructor(
    private readonly protocol: P,
    private readonly transport: Transport,
    private readonly options: RpcConnectionOptions = {},
  ) {
    this.incoming = new IncomingMessages(protocol, options);
    transport.onmessage = (value) => void this.receive(value);
    transport.onclose = (reason) => this.dispose(new ConnectionError('closed', `Connection closed: ${reason}`));
    transport.onerror = (error) => this.receiveUndecodable(error);
  }

  get isClosed(): boolean {
    return this.closedWith !== undefined;
  }

  onRequest<M extends RequestMethod<P>>(
    method: M,
    handler: (params: ParsedRequestParams<P, M>, context: RequestContext) => HandlerResult<P, M> | Promise<HandlerResult<P, M>>,
  ): void {
    this.incoming.setRequestHandler(method, handler as RequestHandler);
  }

  onNotification<N extends NotificationMethod<P>>(method: N, handler: (params: ParsedNotificationParams<P, N>) => void): void {
    this.incoming.setNotificationHandler(method, handler as NotificationHandler);
  }

  onClose(listener: (error: ConnectionError) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  request<M extends RequestMethod<P>>(method: M, params: RequestParams<P, M>, options: RequestOptions = {}): Promise<RequestResult<P, M>> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    if (options.signal?.aborted) {
      return Promise.reject(new ConnectionError('cancelled', `Request ${method} was cancelled`));
    }
    const id = this.nextId++;
    const timeoutMs = options.timeoutMs ?? this.options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    return new Promise<RequestResult<P, M>>((resolve, reject) => {
      this.pending.add(
        id,
        { method, resolve: (result) => resolve(result as RequestResult<P, M>), reject },
        { timeoutMs, signal: options.signal, onGiveUp: () => this.announceGiveUp(id) },
      );
      this.transport.send(withParams({ jsonrpc: JSONRPC_VERSION, id, method }, params));
    });
  }

  notify<N extends NotificationMethod<P>>(method: N, params: NotificationParams<P, N>): void {
    if (this.closedWith) return;
    this.transport.send(withParams({ jsonrpc: JSONRPC_VERSION, method }, params));
  }

  close(): void {
    this.transport.close();
    this.dispose(new ConnectionError('closed', 'Connection closed by this side'));
  }

  private async receive(value: unknown): Promise<void> {
    if (typeof value === 'string') {
      // A peer that sends text instead of an object gets it parsed here, so it can learn of its error.
      try {
        value = JSON.parse(value);
      } catch (error) {
        this.sendError(null, parseError(error instanceof Error ? error.message : 'invalid JSON'));
        return;
      }
    }
    if (Array.isArray(value)) {
      await this.receiveBatch(value);
      return;
    }
    const reply = await this.handleOne(value);
    if (reply) this.transport.send(reply);
  }

  private async receiveBatch(values: unknown[]): Promise<void> {
    if (values.length === 0) {
      this.sendError(null, invalidRequest('an empty batch'));
      return;
    }
    const replies = await Promise.all(values.map((value) => this.handleOne(value)));
    const answered = replies.filter((reply) => reply !== undefined);
    if (answered.length > 0) this.transport.send(answered);
  }

  /** Handles one message; returns the response to send, if the message deserves one. */
  private async handleOne(value: unknown): Promise<object | undefined> {
    const classified = classifyMessage(value);
    switch (classified.kind) {
      case 'invalid':
        return errorResponse(classified.id, invalidRequest(classified.reason));
      case 'response':
        this.receiveResponse(classified.message);
        return undefined;
      case 'notification':
        this.incoming.receiveNotification(classified.message.method, classified.message.params);
        return undefined;
      case 'request':
        return this.incoming.receiveRequest(classified.message);
      default: {
        const unreachable: never = classified;
        return unreachable;
      }
    }
  }

  private receiveResponse(message: {
    id: RequestId | null;
    result?: unknown;
    error?: { code: number; message: string; data?: unknown };
  }): void {
    const pending = message.id === null ? undefined : this.pending.settle(message.id);
    if (!pending && message.id !== null && this.givenUp.take(message.id)) return;
    if (!pending) {
      this.options.onProtocolError?.(invalidRequest(`a response to no pending request (id ${String(message.id)})`));
      return;
    }
    if (message.error) {
      pending.reject(RpcError.fromErrorObject(message.error));
      return;
    }
    const definition = this.protocol.requests[pending.method];
    const result = definition ? definition.result.safeParse(message.result) : undefined;
    if (result && !result.success) {
      pending.reject(
        new ConnectionError('invalid-result', `The peer's result for ${pending.method} does not match its schema`, {
          cause: result.error,
        }),
      );
      return;
    }
    pending.resolve(result?.data);
  }

  private receiveUndecodable(error: RpcError): void {
    this.sendError(null, error);
    this.options.onProtocolError?.(error);
  }

  /** Tells a peer that understands cancellation that this side no longer waits for `id`. */
  private announceGiveUp(id: RequestId): void {
    const notification = this.options.cancellation?.notification;
    if (!notification || this.closedWith) return;
    this.givenUp.add(id);
    this.transport.send({ jsonrpc: JSONRPC_VERSION, method: notification, params: { id } });
  }

  private sendError(id: RequestId | null, error: RpcError): void {
    this.transport.send(errorResponse(id, error));
  }

  private dispose(error: ConnectionError): void {
    if (this.closedWith) return;
    this.closedWith = error;
    this.pending.rejectAll(error);
    this.incoming.abortAll(error);
    for (const listener of this.closeListeners) listener(error);
  }
}
