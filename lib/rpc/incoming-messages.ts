/**
 * The peer's requests and notifications: each checked against the protocol's schemas and given to
 * its handler. A request gets the response its handler's outcome deserves; a notification gets no
 * answer (JSON-RPC 2.0 §4.1), so what goes wrong with one is told to the owner instead.
 */
import type { RequestMessage } from '../protocol/json-rpc';
import { internalError, invalidParams, methodNotFound, type ConnectionError, type RpcError } from './errors';
import { errorResponse, runHandler, type RequestHandler } from './outgoing-messages';
import type { ProtocolDefinition } from '../protocol/protocol-definition';
import { CancelParamsSchema, type CancellationOptions } from './request-cancellation';
import { RunningRequests } from './running-requests';

export type NotificationHandler = (params: unknown) => void;

export interface IncomingMessagesOptions {
  /** Told about notifications that could not be handled. */
  onProtocolError?: (error: RpcError) => void;
  /** The peer's cancellation notification, which aborts the matching handler's signal. */
  cancellation?: CancellationOptions;
}

export class IncomingMessages {
  private readonly requestHandlers = new Map<string, RequestHandler>();
  private readonly notificationHandlers = new Map<string, NotificationHandler>();
  private readonly running = new RunningRequests();

  constructor(
    private readonly protocol: ProtocolDefinition,
    private readonly options: IncomingMessagesOptions,
  ) {}

  setRequestHandler(method: string, handler: RequestHandler): void {
    this.requestHandlers.set(method, handler);
  }

  setNotificationHandler(method: string, handler: NotificationHandler): void {
    this.notificationHandlers.set(method, handler);
  }

  /** Runs the request's handler; resolves with the response to send. */
  async receiveRequest(message: RequestMessage): Promise<object> {
    const definition = this.protocol.requests[message.method];
    const handler = this.requestHandlers.get(message.method);
    if (!definition || !handler) return errorResponse(message.id, methodNotFound(message.method));
    const params = definition.params.safeParse(message.params);
    if (!params.success) return errorResponse(message.id, invalidParams(message.method, params.error.issues));
    const running = this.running.start(message.id, message.method);
    const outcome = runHandler(handler, definition.result, message, params.data, running.signal);
    void outcome.finally(running.finish);
    // A cancelled request is answered at once; whatever its handler produces later is dropped.
    return Promise.race([outcome, running.cancelled.then((error) => errorResponse(message.id, error))]);
  }

  receiveNotification(method: string, rawParams: unknown): void {
    if (method === this.options.cancellation?.notification) {
      this.receiveCancellation(method, rawParams);
      return;
    }
    const schema = this.protocol.notifications[method];
    const handler = this.notificationHandlers.get(method);
    // Notifications get no answer, even when unknown (JSON-RPC 2.0 §4.1); the owner is told.
    if (!schema || !handler) {
      this.options.onProtocolError?.(methodNotFound(method));
      return;
    }
    const params = schema.safeParse(rawParams);
    if (!params.success) {
      this.options.onProtocolError?.(invalidParams(method, params.error.issues));
      return;
    }
    try {
      handler(params.data);
    } catch (error) {
      this.options.onProtocolError?.(internalError(`handler of ${method} failed`, error));
    }
  }

  /** The connection has closed: aborts the signals of the handlers still running. */
  abortAll(error: ConnectionError): void {
    this.running.abortAll(error);
  }

  /** The peer no longer wants an answer (LSP `$/cancelRequest`); an unknown id has finished already. */
  private receiveCancellation(method: string, rawParams: unknown): void {
    const params = CancelParamsSchema.safeParse(rawParams);
    if (!params.success) {
      this.options.onProtocolError?.(invalidParams(method, params.error.issues));
      return;
    }
    this.running.cancel(params.data.id);
  }
}
