'use client';

import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../stores/baton-rpc';
import type { QuickOpenResult } from '../../stores/files-slice';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './files.module.css';

/** Typing pauses this long before the relay is asked, so a word typed is one search, not one per key. */
const SEARCH_DELAY_MS = 150;

/** A search box over the workspace's file paths (`globSearch`); Enter or a click opens the file. */
export function QuickOpen() {
  const findFiles = useBatonStore((state) => state.findFiles);
  const openFile = useBatonStore((state) => state.openFile);
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<QuickOpenResult | { error: string } | null>(null);
  const [active, setActive] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    if (query.trim() === '') {
      setResult(null);
      return;
    }
    const search = ++latest.current;
    const timer = setTimeout(async () => {
      try {
        const found = await findFiles(query);
        if (search !== latest.current) return;
        setResult(found);
        setActive(0);
      } catch (error) {
        if (search === latest.current) setResult({ error: `Could not search: ${errorMessage(error)}` });
      }
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, findFiles]);

  const matches = result && 'matches' in result ? result.matches : [];
  const open = (path: string) => {
    void openFile(path);
    setQuery('');
  };

  return (
    <div className={styles.quickOpen}>
      <input
        type="search"
        className={styles.quickOpenInput}
        data-testid="quick-open"
        placeholder="Go to file…"
        aria-label="Go to file"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, matches.length - 1));
          else if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0));
          else if (event.key === 'Escape') setQuery('');
          else if (event.key === 'Enter' && matches[active]) open(matches[active]);
          else return;
          event.preventDefault();
        }}
      />
      {result && 'error' in result ? (
        <p className={`${styles.quickOpenResults} ${styles.quickOpenNote}`} role="alert">
          {result.error}
        </p>
      ) : null}
      {result && 'matches' in result && query.trim() !== '' ? (
        <ul className={styles.quickOpenResults} role="listbox" aria-label="Matching files">
          {matches.length === 0 ? <li className={styles.quickOpenNote}>No file matches.</li> : null}
          {matches.map((path, index) => (
            <li key={path} role="option" aria-selected={index === active}>
              <button type="button" className={styles.item} data-testid="quick-open-result" onClick={() => open(path)}>
                {path}
              </button>
            </li>
          ))}
          {result.truncated ? <li className={styles.quickOpenNote}>More files match; type more of the name.</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
