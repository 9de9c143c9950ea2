/**
 * Why the relay refused this tab's socket, in words a user can act on. A refused WebSocket
 * handshake only says "websocket error" in the browser; the page itself answers 401 when the
 * token this tab holds is no longer the relay's (it restarted with a new one).
 */
export const TOKEN_EXPIRED_MESSAGE =
  'Baton restarted or its token changed: open the URL it printed when it started.';

export async function explainRefusal(reason: string, probe: () => Promise<Response> = () => fetch('/', { method: 'HEAD', cache: 'no-store' })): Promise<string> {
  try {
    const response = await probe();
    return response.status === 401 ? TOKEN_EXPIRED_MESSAGE : reason;
  } catch {
    // The relay is not answering at all: the socket's own reason says as much.
    return reason;
  }
}
