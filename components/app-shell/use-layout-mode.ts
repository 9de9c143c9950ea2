'use client';

import { useSyncExternalStore } from 'react';
import { chooseLayout, type LayoutMode } from './layout-mode';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

function currentLayout(): LayoutMode {
  return chooseLayout({ search: window.location.search, width: window.innerWidth, framed: window.self !== window.top });
}

/** The layout for this page now; the prerendered page is the full one until the browser says otherwise. */
export function useLayoutMode(): LayoutMode {
  return useSyncExternalStore(subscribe, currentLayout, () => 'full');
}
