/**
 * The SDK's `Stream` over Baton's own transport: the child's stdout is read by Baton's NDJSON
 * framing (size cap, a bad line reported and skipped, the stream going on), and the SDK's
 * ClientSideConnection does the JSON-RPC on top.
 *
 * `session/update` notifications are taken out here, before the SDK sees them, and handed to
 * the adapter, which reads them with lenient schemas (lib/protocol/acp/session-update.ts): the
 * SDK's closed union would drop a whole update for one unknown kind or one `null`.
 *
 * The agent's own requests are watched until answered, so that its `$/cancel_request` for one
 * (the agent no longer needs the answer) reaches the adapter: the SDK aborts only a signal that
 * the Client interface Baton implements never sees.
 */
import type { AnyMessage, Stream } from '@agentclientprotocol/sdk';
import type { Transport } from '../../../lib/rpc/transport';

export interface AcpStreamOptions {
  onSessionUpdate(params: unknown): void;
  /** The agent cancelled (`$/cancel_request`) one of its requests Baton has not answered yet. */
  onRequestCancelled(request: { method: string; params: unknown }): void;
  /** The transport will carry nothing more (the agent closed its output or exited). */
  onClose(reason: string): void;
  log(message: string): void;
}

export function acpStream(transport: Transport, options: AcpStreamOptions): Stream {
  const unanswered = new Map<unknown, { method: string; params: unknown }>();
  const readable = new ReadableStream<AnyMessage>({
    start(controller) {
      let open = true;
      transport.onmessage = (message) => {
        if (isSessionUpdate(message)) {
          options.onSessionUpdate(message.params);
          return;
        }
        watchRequests(message, unanswered, options);
        if (open) controller.enqueue(message as AnyMessage);
      };
      transport.onerror = (error) => {
        options.log(`unreadable message from the agent, skipped: ${error.message}`);
        // JSON-RPC 2.0 §5: a message that cannot be parsed is answered with -32700 and a null id.
        transport.send({ jsonrpc: '2.0', id: null, error: { code: error.code, message: error.message } });
      };
      transport.onclose = (reason) => {
        if (open) {
          open = false;
          controller.close();
        }
        options.onClose(reason);
      };
    },
  });
  const writable = new WritableStream<AnyMessage>({
    write(message) {
      if (!('method' in message) && 'id' in message) unanswered.delete(message.id);
      transport.send(message);
    },
    close() {
      transport.close();
    },
  });
  return { readable, writable };
}

/** Keeps the agent's requests until Baton answers them; a cancel for one still unanswered is told. */
function watchRequests(message: unknown, unanswered: Map<unknown, { method: string; params: unknown }>, options: AcpStreamOptions): void {
  if (typeof message !== 'object' || message === null || !('method' in message) || typeof message.method !== 'string') return;
  const params = (message as { params?: unknown }).params;
  if ('id' in message && message.id !== null && message.id !== undefined) {
    unanswered.set(message.id, { method: message.method, params });
    return;
  }
  if (message.method !== '$/cancel_request' || typeof params !== 'object' || params === null) return;
  const requestId = (params as { requestId?: unknown }).requestId;
  const request = unanswered.get(requestId);
  if (request) options.onRequestCancelled(request);
}

function isSessionUpdate(message: unknown): message is { method: 'session/update'; params: unknown } {
  return (
    typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'session/update' && !('id' in message)
  );
}
