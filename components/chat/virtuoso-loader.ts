import type { Virtuoso as VirtuosoComponent } from 'react-virtuoso';

/**
 * The virtualised list, fetched when a thread is opened rather than with the page: the first
 * screen (no thread, or an empty one) shows the welcome instead, and the list is a large part of
 * the page's script. Not a React.lazy component: that suspends on its first render even once
 * fetched, and the chat list's effects (open at the newest entry, go to a found entry) must run
 * when the list is there. ./chat-entries-once-list-loaded.tsx renders the list only after this
 * (./use-thread-view-loaded.ts).
 */
let loaded: typeof VirtuosoComponent | undefined;
let loading: Promise<void> | undefined;

export function preloadVirtuoso(): Promise<void> {
  loading ??= import('react-virtuoso').then((module) => {
    loaded = module.Virtuoso;
  });
  return loading;
}

/** The list component, which must be loaded by now (see useThreadViewLoaded). */
export function loadedVirtuoso(): typeof VirtuosoComponent {
  if (!loaded) throw new Error('The chat list is rendered before react-virtuoso has loaded');
  return loaded;
}
