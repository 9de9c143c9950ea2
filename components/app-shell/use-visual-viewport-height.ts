'use client';

import { useEffect } from 'react';

/**
 * Keeps `--app-height` on the page's root at the height of what is visible. Where the on-screen
 * keyboard only shrinks the visual viewport (Safari on iOS), `dvh` still counts the hidden part and
 * the composer would sit behind the keyboard; the visual viewport's own height does not. Set
 * through CSSOM after hydration, which the page's CSP allows (no `style` attribute is rendered).
 */
export function useVisualViewportHeight(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--app-height', `${Math.round(viewport.height)}px`);
    update();
    viewport.addEventListener('resize', update);
    return () => {
      viewport.removeEventListener('resize', update);
      root.style.removeProperty('--app-height');
    };
  }, []);
}
