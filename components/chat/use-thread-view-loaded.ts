import { useEffect, useState } from 'react';
import { loadToolCallBody } from '../tool-calls/tool-call-card';
import { preloadCodeHighlighter } from '../tool-calls/use-highlighted-code';
import { preloadMarkdown } from './markdown-text';
import { preloadVirtuoso } from './virtuoso-loader';

/**
 * The parts of the page that show a thread's entries, loaded lazily: the list, the Markdown
 * renderer, a tool call's body and the page's part of the code highlighter. All are there before
 * the list first shows entries, so that a thread opens as it would had they come with the page:
 * its entries laid out with their Markdown from the start, and its code highlighted without a
 * script fetched and run on the page's thread once they are drawn.
 */
let loaded = false;
let loading: Promise<void> | undefined;

function loadThreadView(): Promise<void> {
  loading ??= Promise.all([preloadVirtuoso(), preloadMarkdown(), loadToolCallBody(), preloadCodeHighlighter()]).then(
    () => {
      loaded = true;
    },
    (error: unknown) => {
      // A chunk that failed to load (the relay restarting with a new build): the next thread chosen tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Fetches the thread view when the reader is about to need it: the pointer or the focus on the
 * thread list, a prompt being typed. Fetched only once a thread is chosen, the chunks' requests and
 * their evaluation (the Markdown renderer's alone ~18 ms) fell in the tasks that draw its first
 * entries, which made those tasks long. Not fetched with the page: most of the page's script would
 * then be there before it is usable, for a reader who may only look at the thread list.
 */
export function preloadThreadView(): void {
  loadThreadView().catch((error: unknown) => console.error('Could not load the chat list', error));
}

/** Whether the thread view is loaded; fetches it once wanted (a thread chosen). */
export function useThreadViewLoaded(wanted: boolean): boolean {
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (!wanted || ready) return;
    let current = true;
    loadThreadView().then(
      () => current && setReady(true),
      (error: unknown) => console.error('Could not load the chat list', error),
    );
    return () => {
      current = false;
    };
  }, [wanted, ready]);
  return ready;
}
