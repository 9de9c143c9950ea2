'use client';

import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { ThreadMetadata } from '../../lib/protocol/thread-model';
import { useAgentLabel } from '../agents/use-agent-label';
import { selectAnswerOnly } from '../../stores/connection-slice';
import { useBatonStore } from '../baton-client/baton-store-context';
import { SearchSnippet } from './search-snippet';
import { ThreadDeleteConfirm } from './thread-delete-confirm';
import { ThreadMenu, type ThreadMenuItem } from './thread-menu';
import { ThreadStatusBadge } from './thread-status-badge';
import { ThreadTime } from './thread-time';
import { ThreadTitleEditor } from './thread-title-editor';
import styles from './threads.module.css';

const UNTITLED = 'New thread';

/** The row after this one, else the one before: where focus goes when this row leaves the list. */
function focusNeighbourRow(row: HTMLElement | null): void {
  const neighbour = row?.nextElementSibling?.matches('[data-testid="thread-row"]') ? row.nextElementSibling : row?.previousElementSibling;
  neighbour?.querySelector<HTMLElement>('[data-testid="thread-item"]')?.focus();
}

/**
 * One thread in the list, one Tab stop (the ARIA toolbar pattern): the row opens the thread;
 * ArrowRight moves to its ⋯ button (Rename, Archive, Delete), ArrowLeft back. Shift+F10 or the
 * context menu key opens the menu from the row. `shared`: another loaded row has the same title,
 * so this one also shows its agent and the start of its last message.
 */
export function ThreadItem({ thread, selected, now, shared }: { thread: ThreadMetadata; selected: boolean; now: number; shared: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [menu, setMenu] = useState<{ focusLast: boolean } | null>(null);
  // Which of the row's two controls is its Tab stop: the ⋯ button while it has focus, else the row.
  const [onMenuButton, setOnMenuButton] = useState(false);
  const row = useRef<HTMLLIElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const selectThread = useBatonStore((state) => state.selectThread);
  const openSearchResult = useBatonStore((state) => state.openSearchResult);
  const renameThreadTitle = useBatonStore((state) => state.renameThreadTitle);
  const setThreadArchived = useBatonStore((state) => state.setThreadArchived);
  const deleteThread = useBatonStore((state) => state.deleteThread);
  // Rename, Archive and Delete are refused to a watch-only device: no menu at all.
  const answerOnly = useBatonStore(selectAnswerOnly);
  const agentLabel = useAgentLabel(thread.agent);
  const showAgent = useBatonStore((state) => state.agents.length > 1);
  const open = () => void (thread.match ? openSearchResult(thread.id, thread.match.seq) : selectThread(thread.id));
  const title = thread.title || UNTITLED;
  const archived = thread.archivedAt !== undefined;

  // The editor gone after Enter or Escape leaves focus nowhere: back to the row. A click elsewhere keeps its own focus.
  const wasRenaming = useRef(false);
  useEffect(() => {
    if (wasRenaming.current && !renaming && (document.activeElement === null || document.activeElement === document.body))
      openButton.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);

  const closeMenu = useCallback((refocus: boolean) => {
    setMenu(null);
    if (refocus) menuButton.current?.focus();
  }, []);
  const items: ThreadMenuItem[] = [
    {
      id: 'rename-thread',
      label: 'Rename',
      run: () => {
        setMenu(null);
        setRenaming(true);
      },
    },
    {
      id: 'archive-thread',
      label: archived ? 'Unarchive' : 'Archive',
      run: () => {
        setMenu(null);
        focusNeighbourRow(row.current);
        void setThreadArchived(thread.id, !archived);
      },
    },
    {
      id: 'delete-thread',
      label: 'Delete',
      danger: true,
      run: () => {
        setMenu(null);
        setConfirmingDelete(true);
      },
    },
  ];

  const onRowKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const fromRow = event.target === openButton.current;
    const fromMenuButton = event.target === menuButton.current;
    if (!fromRow && !fromMenuButton) return;
    if (fromRow && event.key === 'ArrowRight') menuButton.current?.focus();
    else if (fromMenuButton && event.key === 'ArrowLeft') openButton.current?.focus();
    else if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') setMenu({ focusLast: false });
    else if (fromMenuButton && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) setMenu({ focusLast: event.key === 'ArrowUp' });
    else if (fromMenuButton && event.key === 'Escape' && menu !== null) setMenu(null);
    else return;
    event.preventDefault();
  };

  return (
    <li
      ref={row}
      className={styles.row}
      data-testid="thread-row"
      data-thread-id={thread.id}
      onBlur={(event) => {
        if (!row.current?.contains(event.relatedTarget as Node | null)) setOnMenuButton(false);
      }}
    >
      <div className={styles.rowBar} role="toolbar" aria-label={title} onKeyDown={onRowKeyDown}>
        {renaming ? (
          <ThreadTitleEditor title={thread.title} onSave={(next) => renameThreadTitle(thread.id, next)} onDone={() => setRenaming(false)} />
        ) : (
          <button
            ref={openButton}
            type="button"
            className={styles.item}
            data-testid="thread-item"
            data-thread-id={thread.id}
            data-status={thread.status ?? 'idle'}
            aria-current={selected ? 'true' : undefined}
            aria-keyshortcuts="ArrowRight Shift+F10"
            tabIndex={onMenuButton ? -1 : 0}
            onFocus={() => setOnMenuButton(false)}
            onClick={open}
            onDoubleClick={() => setRenaming(!answerOnly)}
          >
            <span className={styles.title} data-testid="thread-title" title={thread.title || undefined}>
              {title}
            </span>
            {thread.match ? <SearchSnippet match={thread.match} /> : null}
            {shared ? <SharedTitleDetail agent={agentLabel} lastMessage={thread.lastMessageStart} /> : null}
            <span className={styles.meta}>
              <ThreadStatusBadge status={thread.status} />
              {showAgent && !shared && agentLabel ? (
                <span className={styles.agent} data-testid="thread-agent">
                  {agentLabel}
                </span>
              ) : null}
              <ThreadTime modifiedAt={thread.modifiedAt} now={now} />
            </span>
          </button>
        )}
        {answerOnly ? null : (
          <button
            ref={menuButton}
            type="button"
            className={styles.menuButton}
            data-testid="thread-menu-button"
            aria-label={`Actions for ${title}`}
            aria-haspopup="menu"
            aria-expanded={menu !== null}
            tabIndex={onMenuButton ? 0 : -1}
            onFocus={() => setOnMenuButton(true)}
            onClick={() => setMenu((current) => (current ? null : { focusLast: false }))}
          >
            <span aria-hidden="true">⋯</span>
          </button>
        )}
        {menu ? (
          <ThreadMenu anchor={menuButton} label={`Actions for ${title}`} items={items} focusLast={menu.focusLast} onClose={closeMenu} />
        ) : null}
      </div>
      {confirmingDelete ? (
        <ThreadDeleteConfirm
          onConfirm={() => {
            focusNeighbourRow(row.current);
            void deleteThread(thread.id);
          }}
          onCancel={() => {
            setConfirmingDelete(false);
            menuButton.current?.focus();
          }}
        />
      ) : null}
    </li>
  );
}

/** For a title another row shares: the agent, and the first words of the thread's last message. */
function SharedTitleDetail({ agent, lastMessage }: { agent: string | undefined; lastMessage: string | undefined }) {
  if (!agent && !lastMessage) return null;
  return (
    <span className={styles.detail} data-testid="thread-detail">
      {agent ? <span className={styles.agent}>{agent}</span> : null}
      {lastMessage ? <span className={styles.lastMessage}>{lastMessage}</span> : null}
    </span>
  );
}
