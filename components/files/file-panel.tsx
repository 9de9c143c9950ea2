'use client';

import { lazy, Suspense, useState } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import { FileTree } from './file-tree';
import { QuickOpen } from './quick-open';
import styles from './files.module.css';

// The viewer (and the highlighter it loads) is fetched when a file is first opened, not with the page.
const FileViewer = lazy(() => import('./file-viewer').then((module) => ({ default: module.FileViewer })));

/**
 * The workspace's files: a quick-open box, a tree listed as it is expanded, and the viewer, which
 * can take the tree's room too (Maximize) to read a file in the whole panel.
 */
export function FilePanel() {
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  const refreshFiles = useBatonStore((state) => state.refreshFiles);
  const hasView = useBatonStore((state) => state.fileView !== null);
  const [maximized, setMaximized] = useState(false);
  // Hidden by the stylesheet, on a wide page only: a phone, where Maximize is not offered, keeps the tree.
  const treeHidden = maximized && hasView;

  return (
    <section className={styles.panel} data-testid="file-panel" aria-label="Workspace files" data-maximized={treeHidden || undefined}>
      <div className="pane__toolbar">
        <QuickOpen />
        <button type="button" className="button" disabled={!connected} onClick={() => void refreshFiles()}>
          Refresh
        </button>
      </div>
      <FileTree />
      {hasView ? (
        <Suspense fallback={<p className="pane__empty">Loading…</p>}>
          <FileViewer maximized={treeHidden} onToggleMaximized={() => setMaximized(!treeHidden)} />
        </Suspense>
      ) : (
        <p className="pane__empty">Click a file to read it.</p>
      )}
    </section>
  );
}
