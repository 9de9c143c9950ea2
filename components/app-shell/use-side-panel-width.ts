'use client';

import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { clampSidePanelWidth, readSidePanelWidth, sidePanelMaxWidth, storeSidePanelWidth } from './side-panel-width';

export interface SidePanelWidth {
  /** The user's width, clamped to the window now; undefined: the stylesheet's own. */
  width: number | undefined;
  /** The widest the window allows now. */
  maxWidth: number;
  /** Takes a width (clamped to the window) and keeps it for the next visit. */
  resize(width: number): void;
}

function subscribeToWindowWidth(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The side panel's width on a wide page (side-panel-width.ts). */
export function useSidePanelWidth(): SidePanelWidth {
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  // The prerendered page has no window: its width is the stylesheet's until the browser says otherwise.
  const windowWidth = useSyncExternalStore(
    subscribeToWindowWidth,
    () => window.innerWidth,
    () => undefined,
  );
  useEffect(() => {
    // Read once mounted, not while rendering: the prerendered page and its first render must agree.
    setChosen(readSidePanelWidth());
  }, []);
  const resize = useCallback((width: number) => {
    const clamped = clampSidePanelWidth(width, window.innerWidth);
    setChosen(clamped);
    storeSidePanelWidth(clamped);
  }, []);
  return {
    width: chosen === undefined || windowWidth === undefined ? undefined : clampSidePanelWidth(chosen, windowWidth),
    maxWidth: sidePanelMaxWidth(windowWidth ?? 0),
    resize,
  };
}
