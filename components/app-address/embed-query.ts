/**
 * The `embed` query parameter (`?embed=1`) asks for the compact embed layout at any width
 * (components/app-shell/layout-mode.ts chooses the layout); every address the app rewrites keeps it,
 * so it lives beside the app's addresses, below both the shell and the connection.
 */

/** The query parameter that asks for the embed layout at any width (`?embed=1`). */
export const EMBED_PARAMETER = 'embed';

export function embedRequested(search: string): boolean {
  const value = new URLSearchParams(search).get(EMBED_PARAMETER);
  return value !== null && value !== '0' && value !== 'false';
}

/**
 * The part of the query string a rewritten address keeps: only the embed parameter, so that a
 * thread route (/t/<id>) opened inside a panel stays compact and a reload keeps the layout.
 */
export function keptQuery(search: string): string {
  const value = new URLSearchParams(search).get(EMBED_PARAMETER);
  return value === null ? '' : `?${new URLSearchParams({ [EMBED_PARAMETER]: value }).toString()}`;
}
