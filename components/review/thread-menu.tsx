'use client';

import { useRef, useState } from 'react';
import { LogOutMenuItem } from '../agents/log-out-menu-item';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ActionMenu, MenuItem, MenuSeparator } from '../action-menu/action-menu';
import { DeleteThreadDialog } from './delete-thread-dialog';
import { ImportFileInput } from './import-file-input';
import styles from './thread-header.module.css';
import { EXPORT_FORMATS, useThreadDownload } from './use-thread-download';

/**
 * The header's "⋯": what a reader seldom needs beside the title. Export (not redacted: README,
 * "Export and import"), import, and Delete, which asks first and can be undone. Where the header
 * is too narrow for the review group, its steps and the Changes switch come first in here.
 * `reviewing`: a thread is open and found.
 */
export function ThreadMenu({
  reviewing,
  showChanges,
  onToggleChanges,
}: {
  reviewing: boolean;
  showChanges: boolean;
  onToggleChanges: () => void;
}) {
  const threadId = useBatonStore((state) => state.selectedThreadId);
  const goToNext = useBatonStore((state) => state.goToNext);
  const download = useThreadDownload();
  const importInput = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  return (
    <>
      <ActionMenu
        label="Thread actions"
        glyph="⋯"
        testId="chat-menu-button"
        className={`button ${styles.headerButton} ${styles.menuButton}`}
      >
        {(close) => {
          const choose = (action: () => void) => () => {
            close();
            action();
          };
          return (
            <>
              {reviewing ? (
                <div role="group" aria-label="Review" className={styles.narrowOnly}>
                  <MenuItem onSelect={choose(() => void goToNext('toolCall', -1))}>Previous tool call</MenuItem>
                  <MenuItem onSelect={choose(() => void goToNext('toolCall', 1))}>Next tool call</MenuItem>
                  <MenuItem onSelect={choose(() => void goToNext('change', -1))}>Previous change</MenuItem>
                  <MenuItem onSelect={choose(() => void goToNext('change', 1))}>Next change</MenuItem>
                  <MenuItem checked={showChanges} onSelect={choose(onToggleChanges)}>
                    Changes
                  </MenuItem>
                  <MenuSeparator />
                </div>
              ) : null}
              {reviewing
                ? EXPORT_FORMATS.map(({ format, label }) => (
                    <MenuItem
                      key={format}
                      testId={`export-${format}`}
                      title="The export holds everything in the thread: nothing is redacted."
                      onSelect={choose(() => void download(format))}
                    >
                      Export as {label}
                    </MenuItem>
                  ))
                : null}
              <MenuItem testId="import-thread" onSelect={choose(() => importInput.current?.click())}>
                Import from JSON…
              </MenuItem>
              <LogOutMenuItem choose={choose} />
              {reviewing && threadId !== null ? (
                <>
                  <MenuSeparator />
                  <MenuItem danger testId="delete-open-thread" onSelect={choose(() => setDeleting(threadId))}>
                    Delete thread…
                  </MenuItem>
                </>
              ) : null}
            </>
          );
        }}
      </ActionMenu>
      <ImportFileInput ref={importInput} />
      {deleting !== null ? <DeleteThreadDialog threadId={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
