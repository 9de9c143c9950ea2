/**
 * How wide the side panel (the workspace's files) is on a wide page: the user's choice, dragged or
 * keyed on its edge (side-panel-splitter.tsx), kept per browser in localStorage and always clamped
 * to the window, so that the thread list and the chat keep their room when the window shrinks.
 * No choice: the stylesheet's own width (app-shell.module.css). The phone and embed layouts show
 * the panel full-screen or as an overlay and ignore the choice.
 */

export const SIDE_PANEL_WIDTH_KEY = 'baton.sidePanelWidth';

/** The narrowest the panel gets, as the stylesheet's own column. */
export const SIDE_PANEL_MIN_WIDTH = 220;

/** What stays beside the panel: the thread list at its narrowest and a chat still worth reading. */
const THREADS_MIN_WIDTH = 180;
const CHAT_MIN_WIDTH = 320;

/** One arrow key press, and one with Shift. */
export const SIDE_PANEL_KEY_STEP = 16;
export const SIDE_PANEL_BIG_KEY_STEP = 64;

export function sidePanelMaxWidth(windowWidth: number): number {
  return Math.max(SIDE_PANEL_MIN_WIDTH, Math.floor(windowWidth - THREADS_MIN_WIDTH - CHAT_MIN_WIDTH));
}

export function clampSidePanelWidth(width: number, windowWidth: number): number {
  return Math.min(sidePanelMaxWidth(windowWidth), Math.max(SIDE_PANEL_MIN_WIDTH, Math.round(width)));
}

/** A stored width as a number of pixels; anything else (nothing, an edited value) is no choice. */
export function parseSidePanelWidth(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\d{1,5}$/.test(value)) return undefined;
  const width = Number(value);
  return width >= SIDE_PANEL_MIN_WIDTH ? width : undefined;
}

/**
 * The width a key on the splitter asks for, or undefined for a key it does not use. The panel is
 * on the right, so moving its edge left (ArrowLeft) widens it; Home and End go to the ends.
 */
export function widthAfterKey(key: string, shiftKey: boolean, width: number, windowWidth: number): number | undefined {
  const step = shiftKey ? SIDE_PANEL_BIG_KEY_STEP : SIDE_PANEL_KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return clampSidePanelWidth(width + step, windowWidth);
    case 'ArrowRight':
      return clampSidePanelWidth(width - step, windowWidth);
    case 'Home':
      return SIDE_PANEL_MIN_WIDTH;
    case 'End':
      return sidePanelMaxWidth(windowWidth);
    default:
      return undefined;
  }
}

/** Storage can be refused (a sandboxed frame, a browser setting): the choice then lasts the visit. */
export function readSidePanelWidth(): number | undefined {
  try {
    return parseSidePanelWidth(window.localStorage.getItem(SIDE_PANEL_WIDTH_KEY));
  } catch {
    return undefined;
  }
}

export function storeSidePanelWidth(width: number): void {
  try {
    window.localStorage.setItem(SIDE_PANEL_WIDTH_KEY, String(width));
  } catch (error) {
    console.warn('The files panel keeps its width for this visit only: the browser refused to store it.', error);
  }
}
