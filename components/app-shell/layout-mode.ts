/**
 * Which layout the page uses. The three-pane page and its one-pane-at-a-time phone form are
 * chosen by CSS alone (a media query), so they are right from the first paint; the compact embed
 * layout (a thread switcher over the chat, files as an overlay) needs what CSS cannot see: the
 * `embed` parameter, or being framed (an IDE's side panel) in a narrow space.
 */
import { embedRequested } from '../app-address/embed-query';

export type LayoutMode = 'full' | 'embed';

/** Below this width a framed page is a side panel: the compact layout fits it best. */
export const EMBED_MAX_WIDTH = 480;

export interface LayoutFacts {
  /** The page's query string, `?embed=1` or empty. */
  search: string;
  /** The page's width in CSS pixels. */
  width: number;
  /** Whether the page is shown inside another page's frame. */
  framed: boolean;
}

export function chooseLayout({ search, width, framed }: LayoutFacts): LayoutMode {
  if (embedRequested(search)) return 'embed';
  return framed && width < EMBED_MAX_WIDTH ? 'embed' : 'full';
}
