'use client';

import { useCallback, useState } from 'react';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { useBatonStore } from '../baton-client/baton-store-context';
import { RewindActions } from '../rewind/entry-actions';
import { ActionMenu, MenuItem } from '../action-menu/action-menu';
import styles from './entry-actions.module.css';
import { appRootAddress } from '../app-address/app-base';

/** Where an entry can be linked to: the thread's address with the entry's anchor. */
export function entryLink(origin: string, threadId: string, index: number): string {
  return `${origin}/t/${encodeURIComponent(threadId)}#entry-${index}`;
}

/**
 * An entry's "⋯", in the gutter beside it (never over its text): copy the message's text, copy a
 * link to the entry, rewind or fork the thread there. A copy keeps the menu open to say it worked.
 */
export function EntryActions({ entry, index }: { entry: ThreadEntry; index: number }) {
  const threadId = useBatonStore((state) => state.selectedThreadId);
  const [copied, setCopied] = useState<string | null>(null);
  // What was copied is said while the menu stays open, not the next time it opens.
  const forgetCopied = useCallback((open: boolean) => {
    if (!open) setCopied(null);
  }, []);
  if (threadId === null) return null;
  const copy = (what: string, text: string) => {
    void navigator.clipboard.writeText(text).then(
      () => setCopied(what),
      () => setCopied('Copy failed'),
    );
  };
  const isMessage = entry.type === 'message';
  return (
    <span className={styles.actions} data-testid="entry-actions">
      <ActionMenu
        label={isMessage ? 'Actions for this message' : 'Actions for this entry'}
        glyph="⋯"
        testId="entry-actions-button"
        className={styles.trigger}
        note={copied}
        onOpenChange={forgetCopied}
      >
        {(close) => (
          <>
            {isMessage ? (
              <MenuItem testId="copy-message" onSelect={() => copy('Message copied', entry.chunks.map((chunk) => chunk.chunk).join(''))}>
                Copy message
              </MenuItem>
            ) : null}
            <MenuItem testId="copy-entry-link" onSelect={() => copy('Link copied', entryLink(appRootAddress(), threadId, index))}>
              Copy link
            </MenuItem>
            <RewindActions entry={entry} index={index} close={close} />
          </>
        )}
      </ActionMenu>
    </span>
  );
}
