import { useEffect, useState } from 'react';
import { preloadMarkdown } from './markdown-text';
import { preloadVirtuoso } from './virtuoso-loader';

/**
 * The parts of the page that show a thread's entries, loaded lazily: the list and the Markdown
 * renderer. Both are there before the list first shows entries, so that a thread opens as it
 * would had they come with the page: its entries laid out with their Markdown from the start.
 */
let loaded = false;
let loading: Promise<void> | undefined;

function loadThreadView(): Promise<void> {
  loading ??= Promise.all([preloadVirtuoso(), preloadMarkdown()]).then(() => {
    loaded = true;
  });
  return loading;
}

/** Whether the thread view is loaded; fetches it once wanted (a thread chosen). */
export function useThreadViewLoaded(wanted: boolean): boolean {
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (!wanted || ready) return;
    let current = true;
    loadThreadView().then(
      () => current && setReady(true),
      (error: unknown) => {
        // A chunk that failed to load (the relay restarting with a new build): the next thread chosen tries again.
        loading = undefined;
        console.error('Could not load the chat list', error);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, ready]);
  return ready;
}
