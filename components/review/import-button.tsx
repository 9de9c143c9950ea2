'use client';

import { useRef } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './review.module.css';

/** Picks a JSON export and imports it as a new thread, which opens. */
export function ImportButton() {
  const importThread = useBatonStore((state) => state.importThread);
  const input = useRef<HTMLInputElement>(null);
  const onPicked = async () => {
    const file = input.current?.files?.[0];
    if (!file) return;
    // The same file picked again is a change too.
    const content = file.size > 0 ? await file.text() : '';
    if (input.current) input.current.value = '';
    await importThread(content, file.size);
  };
  return (
    <>
      <button type="button" className={styles.smallButton} onClick={() => input.current?.click()}>
        Import
      </button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="import-file"
        aria-label="Import a thread from a JSON export"
        onChange={() => void onPicked()}
      />
    </>
  );
}
