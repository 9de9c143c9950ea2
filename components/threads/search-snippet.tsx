'use client';

import type { SearchMatch } from '../../lib/protocol/thread-list';
import styles from './threads.module.css';

/** Where a search found the thread, the matched words marked. */
export function SearchSnippet({ match }: { match: SearchMatch }) {
  return (
    <span className={styles.snippet} data-testid="search-snippet">
      {match.snippet.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </span>
  );
}
