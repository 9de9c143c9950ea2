'use client';

import { useBatonStore } from '../baton-client/baton-store-context';
import { MAX_SEARCH_QUERY_LENGTH } from '../../lib/protocol/thread-list';
import styles from './threads.module.css';

/** Searches titles and what was said in the threads; the filters below it narrow the list. */
export function ThreadSearchBox() {
  const query = useBatonStore((state) => state.threadFilter.query);
  const setThreadFilter = useBatonStore((state) => state.setThreadFilter);

  return (
    <div className={styles.search}>
      <input
        type="search"
        className={styles.searchInput}
        data-testid="thread-search"
        placeholder="Search threads"
        aria-label="Search threads"
        maxLength={MAX_SEARCH_QUERY_LENGTH}
        value={query}
        onChange={(event) => void setThreadFilter({ query: event.target.value })}
      />
    </div>
  );
}
