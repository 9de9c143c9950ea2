'use client';

import type { Ref } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';

/**
 * The file picker behind the thread menu's Import: a JSON export picked becomes a new thread, which
 * opens. Always in the page (hidden), so that the menu can close while the picker is up.
 */
export function ImportFileInput({ ref }: { ref: Ref<HTMLInputElement> }) {
  const importThread = useBatonStore((state) => state.importThread);
  return (
    <input
      ref={ref}
      type="file"
      accept="application/json,.json"
      hidden
      data-testid="import-file"
      aria-label="Import a thread from a JSON export"
      onChange={async (event) => {
        const input = event.currentTarget;
        const file = input.files?.[0];
        if (!file) return;
        // The same file picked again is a change too.
        const content = file.size > 0 ? await file.text() : '';
        input.value = '';
        await importThread(content, file.size);
      }}
    />
  );
}
