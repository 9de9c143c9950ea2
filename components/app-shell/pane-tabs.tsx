'use client';

import styles from './app-shell.module.css';

export type Pane = 'threads' | 'chat' | 'files';

const PANES: readonly { pane: Pane; label: string }[] = [
  { pane: 'threads', label: 'Threads' },
  { pane: 'chat', label: 'Chat' },
  { pane: 'files', label: 'Files' },
];

/**
 * The phone layout's bottom bar: which one pane fills the screen. Hidden (by CSS) when all fit.
 * A navigation landmark around it, so that nothing on the phone's screen lies outside a landmark.
 */
export function PaneTabs({ pane, onChoose, withFiles }: { pane: Pane; onChoose: (pane: Pane) => void; withFiles: boolean }) {
  return (
    <nav className={styles.tabs} aria-label="Panes">
      <div className={styles.tabList} role="tablist" data-testid="pane-tabs">
        {PANES.filter((candidate) => withFiles || candidate.pane !== 'files').map((candidate) => (
          <button
            key={candidate.pane}
            type="button"
            role="tab"
            className={styles.tab}
            data-testid={`pane-tab-${candidate.pane}`}
            aria-selected={candidate.pane === pane}
            onClick={() => onChoose(candidate.pane)}
          >
            {candidate.label}
          </button>
        ))}
      </div>
    </nav>
  );
}
