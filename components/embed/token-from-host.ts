/**
 * A token a host hands over (`baton:token`) reaches the relay the way the printed URL's does: it is
 * put in the page's fragment (`#token=…`) without a history entry, and the connection's watcher
 * (components/baton-client/relay-token.ts, `watchAddress`) takes it from there, tries it, removes it
 * from the address and keeps it once the relay accepts it. The last one handed over is also
 * remembered for "Open in a new tab", since a framed page's storage may be refused.
 */
import { browserTokenKeeper, splitTokenFromAddress } from '../baton-client/relay-token';

let handedOver: string | undefined;

export function acceptHostToken(token: string): void {
  handedOver = token;
  const url = new URL(window.location.href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  fragment.set('token', token);
  url.hash = fragment.toString();
  History.prototype.replaceState.call(window.history, window.history.state, '', url.href);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

/** The token this page holds: the host's, the address's, else what the page kept. */
export function currentToken(): string | undefined {
  if (handedOver !== undefined) return handedOver;
  const fromAddress = splitTokenFromAddress(window.location.href)?.token;
  if (fromAddress !== undefined) return fromAddress;
  return browserTokenKeeper().stored();
}
