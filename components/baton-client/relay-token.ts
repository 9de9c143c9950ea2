/**
 * Where the page keeps the relay's token: in its own origin's localStorage, which no other origin
 * (another port of 127.0.0.1 included) can read or write, unlike a cookie, which the browser sends
 * to every port of the host and which any page there may overwrite. The printed URL carries the
 * token in its fragment (`#token=…`), which the browser never sends to a server; the page takes it
 * from there (or from an older `?token=…`) once and removes it from the address bar. A token from
 * the address is kept only once the relay has accepted it, so a page elsewhere that sends the user
 * to Baton with a wrong token cannot replace a good one. The address `baton --open` hands the
 * browser carries a one-time sign-in code (`#code=…`) instead, taken and removed the same way and
 * exchanged for the token (./sign-in-code-exchange.ts).
 */
const STORAGE_KEY = 'baton.token';

/** What an address carries: a token, a one-time sign-in code, or neither. */
export interface AddressCredential {
  token?: string;
  code?: string;
}

export interface TokenKeeper {
  /** The token or sign-in code the page's address carries, removed from the address bar. */
  takeFromAddress(): AddressCredential;
  /** The token the relay accepted last, if any. */
  stored(): string | undefined;
  /** Keeps a token the relay accepted. */
  keep(token: string): void;
  /**
   * Calls `listener` when the address changes without a page load: opening the printed URL in a
   * tab already at Baton's address changes only its fragment. Returns the function that stops it.
   */
  watchAddress(listener: () => void): () => void;
}

/**
 * The token or sign-in code an address carries and the address without either (path, query and
 * fragment), or undefined when it carries neither.
 */
export function splitTokenFromAddress(href: string): (AddressCredential & { address: string }) | undefined {
  const url = new URL(href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const token = fragment.get('token') ?? url.searchParams.get('token');
  const code = fragment.get('code');
  if (token === null && code === null) return undefined;
  fragment.delete('token');
  fragment.delete('code');
  url.searchParams.delete('token');
  const rest = fragment.toString();
  url.hash = rest === '' ? '' : `#${rest}`;
  const found: AddressCredential & { address: string } = { address: url.pathname + url.search + url.hash };
  if (token) found.token = token;
  if (code) found.code = code;
  return found;
}

export function browserTokenKeeper(): TokenKeeper {
  // Storage can be refused (a sandboxed frame, a browser setting): the token then lasts as long as the page.
  let inMemory: string | undefined;
  const storage = (): Storage | undefined => {
    try {
      return window.localStorage;
    } catch (error) {
      console.warn(`[baton] cannot use localStorage, the token is kept for this page only: ${String(error)}`);
      return undefined;
    }
  };
  return {
    takeFromAddress() {
      const found = splitTokenFromAddress(window.location.href);
      if (!found) return {};
      window.history.replaceState(window.history.state, '', found.address);
      return { token: found.token, code: found.code };
    },
    stored() {
      return storage()?.getItem(STORAGE_KEY) ?? inMemory;
    },
    keep(token) {
      inMemory = token;
      storage()?.setItem(STORAGE_KEY, token);
    },
    watchAddress(listener) {
      window.addEventListener('hashchange', listener);
      return () => window.removeEventListener('hashchange', listener);
    },
  };
}
