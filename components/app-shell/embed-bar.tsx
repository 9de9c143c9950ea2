'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import type { Overlay } from './overlay';
import { ConnectionStatus } from './connection-status';
import styles from './embed-bar.module.css';
import { ThreadSwitcher } from './thread-switcher';

// The menu is not on the first screen: its code loads when it is first opened.
const EmbedMenu = dynamic(() => import('./embed-menu').then((module) => module.EmbedMenu), { ssr: false });

/** The embed layout's one bar: which thread, a new one, the connection, and a menu with the rest. */
export function EmbedBar({ onOpen }: { onOpen: (overlay: Overlay) => void }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  const startNewChat = useBatonStore((state) => state.startNewChat);

  return (
    <header className={styles.bar} data-testid="embed-bar">
      <ThreadSwitcher />
      <button type="button" className="button button--primary" data-testid="embed-new-thread" disabled={!connected} onClick={startNewChat}>
        New
      </button>
      <ConnectionStatus compact />
      <div className={styles.menuAnchor}>
        <button
          type="button"
          className={`button ${styles.menuButton}`}
          data-testid="embed-menu-button"
          aria-label="More actions"
          aria-haspopup="true"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
        >
          ⋯
        </button>
        {menuOpen ? (
          <EmbedMenu
            onClose={() => setMenuOpen(false)}
            onOpen={(overlay) => {
              setMenuOpen(false);
              onOpen(overlay);
            }}
          />
        ) : null}
      </div>
    </header>
  );
}
