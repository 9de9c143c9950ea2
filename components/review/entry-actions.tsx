'use client';

import { useState } from 'react';
import type { ThreadEntry } from '../../lib/protocol/acp-threads';
import { useBatonStore } from '../baton-client/baton-store-context';
import { RewindActions } from '../rewind/entry-actions';
import styles from './review.module.css';
import { appRootAddress } from '../embed/app-base';

/** Where an entry can be linked to: the thread's address with the entry's anchor. */
export function entryLink(origin: string, threadId: string, index: number): string {
  return `${origin}/t/${encodeURIComponent(threadId)}#entry-${index}`;
}

/** Copy the message's text; copy a link to the entry; rewind or fork the thread there. */
export function EntryActions({ entry, index }: { entry: ThreadEntry; index: number }) {
  const threadId = useBatonStore((state) => state.selectedThreadId);
  const [copied, setCopied] = useState<string | null>(null);
  if (threadId === null) return null;
  const copy = (what: string, text: string) => {
    void navigator.clipboard.writeText(text).then(
      () => setCopied(what),
      () => setCopied('Copy failed'),
    );
  };
  return (
    <span className={styles.actions} data-testid="entry-actions">
      {entry.type === 'message' ? (
        <button type="button" className={styles.smallButton} onClick={() => copy('Message copied', entry.chunks.map((chunk) => chunk.chunk).join(''))}>
          Copy message
        </button>
      ) : null}
      <button type="button" className={styles.smallButton} onClick={() => copy('Link copied', entryLink(appRootAddress(), threadId, index))}>
        Copy link
      </button>
      <RewindActions entry={entry} index={index} />
      {copied ? (
        <span className={styles.actionsNote} role="status">
          {copied}
        </span>
      ) : null}
    </span>
  );
}
