'use client';

import { useEffect, useRef } from 'react';
import { selectActiveAgent } from '../../stores/active-agent';
import { HandOverPicker } from '../agents/hand-over-picker';
import { NewThreadAgentPicker } from '../agents/new-thread-agent-picker';
import { useBatonStore } from '../baton-client/baton-store-context';
import type { Overlay } from './overlay';
import styles from './embed-bar.module.css';
import { openInNewTab } from '../embed/open-in-new-tab-action';

/**
 * Everything the full layout's header and side panes offer that the embed bar has no room for:
 * the whole thread list (search, rename, archive, delete), files and tools, the agents, and the
 * way out to a full tab. Esc or a click elsewhere closes it.
 */
export function EmbedMenu({ onClose, onOpen }: { onClose: () => void; onOpen: (overlay: Overlay) => void }) {
  const menu = useRef<HTMLDivElement>(null);
  const agentLabel = useBatonStore((state) => selectActiveAgent(state)?.label ?? state.agent?.agentName ?? null);
  const workspace = useBatonStore((state) => state.agent?.workspaceName ?? null);

  useEffect(() => {
    menu.current?.querySelector('button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const onPointerDown = (event: PointerEvent) => {
      const anchor = menu.current?.parentElement;
      if (anchor && !anchor.contains(event.target as Node)) onClose();
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('pointerdown', onPointerDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('pointerdown', onPointerDown);
    };
  }, [onClose]);

  return (
    <div ref={menu} className={styles.menu} data-testid="embed-menu">
      <button type="button" className={styles.menuItem} data-testid="embed-menu-threads" onClick={() => onOpen('threads')}>
        All threads (search, rename, archive)
      </button>
      <button type="button" className={styles.menuItem} data-testid="embed-menu-files" onClick={() => onOpen('files')}>
        Files and tools
      </button>
      <button
        type="button"
        className={styles.menuItem}
        data-testid="embed-menu-open-tab"
        onClick={() => {
          openInNewTab();
          onClose();
        }}
      >
        Open in a new tab
      </button>
      {agentLabel || workspace ? (
        <p className={styles.menuNote}>
          {agentLabel ? <span data-testid="active-agent">{agentLabel}</span> : null}
          {workspace ? <span> · {workspace}</span> : null}
        </p>
      ) : null}
      <div className={styles.menuPickers}>
        <HandOverPicker />
        <NewThreadAgentPicker />
      </div>
    </div>
  );
}
