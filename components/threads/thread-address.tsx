'use client';

/**
 * Keeps the page's address and the open thread together: opening a thread pushes `/t/<id>`, a new
 * chat `/`; back, forward, a reload, a bookmark or a second tab open what the address names.
 */
import { useContext, useEffect } from 'react';
import { BatonStoreContext } from '../baton-client/baton-store-context';
import { appPathOf, browserAddressOf } from '../app-address/app-base';
import { entryIndexFromHash } from '../review/use-entry-hash';
import { pathForThread, threadIdFromPath } from './thread-path';

export function ThreadAddress() {
  const store = useContext(BatonStoreContext);

  useEffect(() => {
    if (!store) return;
    store.getState().openThreadAddress(threadIdFromPath(appPathOf(window.location.pathname)), entryIndexFromHash(window.location.hash));
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.selectedThreadId === previous.selectedThreadId) return;
      const path = pathForThread(state.selectedThreadId);
      if (appPathOf(window.location.pathname) !== path) pushAddress(browserAddressOf(path));
    });
    const onPopState = () => store.getState().openThreadAddress(threadIdFromPath(appPathOf(window.location.pathname)));
    window.addEventListener('popstate', onPopState);
    return () => {
      unsubscribe();
      window.removeEventListener('popstate', onPopState);
    };
  }, [store]);

  return null;
}

/**
 * History's own pushState, not the one Next.js's router puts on `window.history`: that one
 * re-renders the whole app in a transition at each push, which can land while the chat list is
 * scrolling to a thread's end. The page has one route, so the router has nothing to learn from
 * the address; an entry pushed here has no state, which Next.js's popstate handler leaves to ours.
 */
function pushAddress(path: string): void {
  History.prototype.pushState.call(window.history, null, '', path);
}
