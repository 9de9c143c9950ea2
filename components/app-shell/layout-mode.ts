/**
 * Which layout the page uses. The three-pane page and its one-pane-at-a-time phone form are
 * chosen by CSS alone (a media query), so they are right from the first paint; the compact embed
 * layout (a thread switcher over the chat, files as an overlay) needs what CSS cannot see: the
 * `embed` parameter, or being framed (an IDE's side panel) in a narrow space.
 */
export type LayoutMode = 'full' | 'embed';

/** Below this width a framed page is a side panel: the compact layout fits it best. */
export const EMBED_MAX_WIDTH = 480;

/** The query parameter that asks for the embed layout at any width (`?embed=1`). */
export const EMBED_PARAMETER = 'embed';

export interface LayoutFacts {
  /** The page's query string, `?embed=1` or empty. */
  search: string;
  /** The page's width in CSS pixels. */
  width: number;
  /** Whether the page is shown inside another page's frame. */
  framed: boolean;
}

export function embedRequested(search: string): boolean {
  const value = new URLSearchParams(search).get(EMBED_PARAMETER);
  return value !== null && value !== '0' && value !== 'false';
}

export function chooseLayout({ search, width, framed }: LayoutFacts): LayoutMode {
  if (embedRequested(search)) return 'embed';
  return framed && width < EMBED_MAX_WIDTH ? 'embed' : 'full';
}

/**
 * The part of the query string a rewritten address keeps: only the embed parameter, so that a
 * thread route (/t/<id>) opened inside a panel stays compact and a reload keeps the layout.
 */
export function keptQuery(search: string): string {
  const value = new URLSearchParams(search).get(EMBED_PARAMETER);
  return value === null ? '' : `?${new URLSearchParams({ [EMBED_PARAMETER]: value }).toString()}`;
}
