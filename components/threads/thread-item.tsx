'use client';

import { useState } from 'react';
import type { ThreadMetadata } from '../../lib/protocol/acp-threads';
import { useAgentLabel } from '../agents/use-agent-label';
import { useBatonStore } from '../baton-client/baton-store-context';
import { SearchSnippet } from './search-snippet';
import { ThreadActions } from './thread-actions';
import { ThreadStatusBadge } from './thread-status-badge';
import { ThreadTitleEditor } from './thread-title-editor';
import styles from './threads.module.css';

const UNTITLED = 'New thread';

function formatModifiedAt(modifiedAt: string): string {
  const date = new Date(modifiedAt);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function ThreadItem({ thread, selected }: { thread: ThreadMetadata; selected: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const selectThread = useBatonStore((state) => state.selectThread);
  const openSearchResult = useBatonStore((state) => state.openSearchResult);
  const renameThreadTitle = useBatonStore((state) => state.renameThreadTitle);
  const agentLabel = useAgentLabel(thread.agent);
  const showAgent = useBatonStore((state) => state.agents.length > 1);
  const open = () => void (thread.match ? openSearchResult(thread.id, thread.match.seq) : selectThread(thread.id));

  return (
    <li className={styles.row} data-testid="thread-row" data-thread-id={thread.id}>
      {renaming ? (
        <ThreadTitleEditor title={thread.title} onSave={(title) => renameThreadTitle(thread.id, title)} onDone={() => setRenaming(false)} />
      ) : (
        <button
          type="button"
          className={styles.item}
          data-testid="thread-item"
          data-thread-id={thread.id}
          data-status={thread.status ?? 'idle'}
          aria-current={selected ? 'true' : undefined}
          onClick={open}
          onDoubleClick={() => setRenaming(true)}
        >
          <span className={styles.title} data-testid="thread-title" title={thread.title || undefined}>
            {thread.title || UNTITLED}
          </span>
          {thread.match ? <SearchSnippet match={thread.match} /> : null}
          <span className={styles.meta}>
            <ThreadStatusBadge status={thread.status} />
            {showAgent && agentLabel ? (
              <span className={styles.agent} data-testid="thread-agent">
                {agentLabel}
              </span>
            ) : null}
            <time className={styles.time} dateTime={thread.modifiedAt}>
              {formatModifiedAt(thread.modifiedAt)}
            </time>
          </span>
        </button>
      )}
      <ThreadActions thread={thread} onRename={() => setRenaming(true)} />
    </li>
  );
}
