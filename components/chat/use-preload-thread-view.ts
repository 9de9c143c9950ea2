import { useEffect } from 'react';
import { preloadVirtuoso } from './virtuoso-loader';
import { preloadMarkdown } from './markdown-text';

/**
 * A thread was chosen: fetch the parts of the page that show its entries (the list, the Markdown
 * renderer), loaded lazily, while the entries themselves are on their way.
 */
export function usePreloadThreadView(threadId: string | null): void {
  useEffect(() => {
    if (threadId === null) return;
    void preloadVirtuoso();
    void preloadMarkdown();
  }, [threadId]);
}
