'use client';

import { useContext, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ThreadMetadata } from '../../lib/protocol/thread-model';
import { errorMessage } from '../../stores/baton-rpc';
import { BatonStoreContext, useBatonStore } from '../baton-client/baton-store-context';
import styles from './command-palette.module.css';
import { availableActions, matchesQuery } from './palette-actions';

/** Typing pauses this long before the relay is searched, so a word typed is one search. */
const SEARCH_DELAY_MS = 120;
const LIST_ID = 'command-palette-options';
const optionId = (index: number) => `${LIST_ID}-${index}`;

type Found = { threads: readonly ThreadMetadata[]; error: null } | { threads: readonly ThreadMetadata[]; error: string };

interface Choice {
  key: string;
  group: 'Actions' | 'Threads';
  label: string;
  shortcut?: string;
  choose(): void;
}

/**
 * Ctrl/Cmd+K: one box that finds threads (the relay's thread search) and actions. ↑/↓ move, Enter
 * runs, Esc closes; focus goes back where it was unless the choice put it elsewhere.
 */
export function CommandPalette({ onClose }: { onClose: (restoreFocus: boolean) => void }) {
  const store = useContext(BatonStoreContext);
  const findThreads = useBatonStore((state) => state.findThreads);
  const selectThread = useBatonStore((state) => state.selectThread);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found>({ threads: [], error: null });
  const [active, setActive] = useState(0);
  const latest = useRef(0);
  // The actions as they apply when the palette opened (a turn running, a thread open).
  const actions = useMemo(() => (store ? availableActions(store.getState()) : []), [store]);

  useEffect(() => {
    const search = ++latest.current;
    const timer = setTimeout(async () => {
      try {
        const threads = await findThreads(query);
        if (search === latest.current) setFound({ threads, error: null });
      } catch (error) {
        if (search === latest.current) setFound({ threads: [], error: `Could not search the threads: ${errorMessage(error)}` });
      }
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, findThreads]);

  const choices: Choice[] = [
    ...actions
      .filter((action) => matchesQuery(action, query))
      .map(
        (action): Choice => ({
          key: `action:${action.id}`,
          group: 'Actions',
          label: action.label,
          shortcut: action.shortcut,
          choose: () => {
            // The action may move focus itself (New thread, Go to file): the palette does not take it back.
            onClose(false);
            if (store) void action.run(store.getState());
          },
        }),
      ),
    ...found.threads.map(
      (thread): Choice => ({
        key: `thread:${thread.id}`,
        group: 'Threads',
        label: thread.title || 'Untitled thread',
        choose: () => {
          onClose(false);
          void selectThread(thread.id);
          store?.getState().requestComposerFocus();
        },
      }),
    ),
  ];
  const activeIndex = Math.min(active, Math.max(choices.length - 1, 0));

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') setActive(choices.length === 0 ? 0 : (activeIndex + 1) % choices.length);
    else if (event.key === 'ArrowUp') setActive(choices.length === 0 ? 0 : (activeIndex - 1 + choices.length) % choices.length);
    else if (event.key === 'Enter') choices[activeIndex]?.choose();
    else if (event.key === 'Escape') onClose(true);
    // The box is the dialog's one stop for Tab: focus stays in the palette until it closes.
    else if (event.key !== 'Tab') return;
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <div className={styles.backdrop} onMouseDown={() => onClose(true)}>
      <div
        className={styles.palette}
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        data-testid="command-palette"
        onMouseDown={(event) => event.stopPropagation()}
      >
        <input
          className={styles.input}
          data-testid="command-palette-input"
          role="combobox"
          aria-expanded="true"
          aria-controls={LIST_ID}
          aria-activedescendant={choices.length > 0 ? optionId(activeIndex) : undefined}
          aria-label="Find a thread or an action"
          placeholder="Find a thread or an action…"
          autoFocus
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul id={LIST_ID} role="listbox" aria-label="Threads and actions" className={styles.list}>
          {choices.map((choice, index) => (
            <li
              key={choice.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={styles.option}
              data-testid="command-palette-option"
              data-group={choice.group}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={choice.choose}
            >
              <span className={styles.group}>{choice.group === 'Actions' ? 'Action' : 'Thread'}</span>
              <span className={styles.label}>{choice.label}</span>
              {choice.shortcut ? <kbd className={styles.shortcut}>{choice.shortcut}</kbd> : null}
            </li>
          ))}
        </ul>
        {found.error ? <p className={styles.error}>{found.error}</p> : null}
        {choices.length === 0 && !found.error ? <p className={styles.empty}>Nothing matches.</p> : null}
        <p className={styles.footer}>↑↓ to move · Enter to choose · Esc to close</p>
      </div>
    </div>
  );
}
