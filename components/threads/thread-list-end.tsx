'use client';

import { useEffect, useRef } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './threads.module.css';

/** The end of the loaded list: coming into view, it asks for the next page, if there is one. */
export function ThreadListEnd() {
  const hasMore = useBatonStore((state) => state.threadsCursor !== null);
  const loading = useBatonStore((state) => state.loadingMoreThreads);
  const loadMoreThreads = useBatonStore((state) => state.loadMoreThreads);
  const marker = useRef<HTMLLIElement>(null);

  useEffect(() => {
    const element = marker.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) void loadMoreThreads();
    });
    observer.observe(element);
    return () => observer.disconnect();
    // A page that arrived with the marker still in view asks for the next one.
  }, [hasMore, loading, loadMoreThreads]);

  if (!hasMore) return null;
  return (
    <li ref={marker} className={styles.more} data-testid="thread-list-more">
      {loading ? 'Loading…' : ''}
    </li>
  );
}
