'use client';

import { formatBytes } from '../../stores/file-kind';
import type { FileView } from '../../stores/file-view';
import { useBatonStore } from '../baton-client/baton-store-context';
import { AddFileToContext } from './add-file-to-context';
import { TextFileView } from './text-file-view';
import styles from './files.module.css';

interface FileViewerProps {
  /** Whether the viewer has the whole panel, the tree hidden. */
  maximized: boolean;
  onToggleMaximized(): void;
}

/** The open file: a page of text, a picture, a description of other bytes, or why it cannot be shown. */
export function FileViewer({ maximized, onToggleMaximized }: FileViewerProps) {
  const view = useBatonStore((state) => state.fileView);
  if (!view) return null;
  return (
    <section className={styles.viewer} aria-label={`Contents of ${view.path}`} data-testid="file-viewer" data-kind={view.kind}>
      <header className={styles.viewerHeader}>
        <h3 className={styles.viewerPath} title={view.path}>
          {view.path}
        </h3>
        <div className={styles.viewerActions}>
          {view.kind === 'image' || view.kind === 'binary' ? <AddFileToContext path={view.path} /> : null}
          <button
            type="button"
            className={`button ${styles.maximize}`}
            data-testid="file-viewer-maximize"
            title={maximized ? 'Show the folders again' : 'Read the file in the whole panel, the folders hidden'}
            onClick={onToggleMaximized}
          >
            {maximized ? 'Restore' : 'Maximize'}
          </button>
        </div>
      </header>
      <FileBody view={view} />
    </section>
  );
}

function FileBody({ view }: { view: FileView }) {
  switch (view.kind) {
    case 'loading':
      return (
        <p className="pane__empty" aria-busy="true">
          Loading…
        </p>
      );
    case 'failed':
      return (
        <p className={styles.viewerError} role="alert" data-testid="file-error">
          {view.error}
        </p>
      );
    case 'text':
      return <TextFileView view={view} />;
    case 'image':
      return (
        <figure className={styles.viewerImage}>
          {/* A blob URL of the file's own bytes: next/image has nothing to optimise here. */}
          {/* biome-ignore lint/performance/noImgElement: a blob URL, which next/image cannot load. */}
          <img src={view.url} alt={view.path} data-testid="image-preview" />
          <figcaption className="pane__note">
            {view.mimeType}, {formatBytes(view.size)}
          </figcaption>
        </figure>
      );
    case 'binary':
      return (
        <div className={styles.viewerBinary} data-testid="binary-description">
          <p>
            {view.description}. {view.note ?? 'Not text, so it is described rather than shown.'}
          </p>
          <pre className={styles.hex}>{view.hex}</pre>
        </div>
      );
    default: {
      const unreachable: never = view;
      return unreachable;
    }
  }
}
