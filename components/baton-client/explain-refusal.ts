/**
 * Why the relay refused this tab's socket, in words a user can act on. The relay refuses a token
 * at socket.io's connect with UNAUTHORIZED_MESSAGE; what the user should do depends on where the
 * tab's token came from.
 */
import { UNAUTHORIZED_MESSAGE } from '../../lib/protocol/baton-protocol';

export const NO_TOKEN_MESSAGE = 'Open Baton with the URL it printed when it started (it carries the token).';
export const TOKEN_EXPIRED_MESSAGE =
  'Baton’s token has changed (baton token --rotate, or another BATON_TOKEN): open the URL it printed, or the one `baton token` prints.';
export const WRONG_ADDRESS_TOKEN_MESSAGE =
  'The token in this address is not the one Baton printed when it last started: open the URL it printed, or the one `baton token` prints.';

/** `from`: the token came from the page's address (not yet accepted) or from what the page kept. */
export function explainRefusal(reason: string, from: 'address' | 'storage'): string {
  if (reason !== UNAUTHORIZED_MESSAGE) return reason;
  return from === 'address' ? WRONG_ADDRESS_TOKEN_MESSAGE : TOKEN_EXPIRED_MESSAGE;
}
