'use client';

import { useBatonStore } from '../baton-client/baton-store-context';
import { FileContent } from './file-content';
import { FileList } from './file-list';

export function FilePanel() {
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  const refreshFiles = useBatonStore((state) => state.refreshFiles);
  const error = useBatonStore((state) => state.filesError);
  const count = useBatonStore((state) => state.files.length);

  return (
    <section className="file-panel" data-testid="file-panel" aria-label="Workspace files">
      <div className="pane__toolbar">
        <span className="pane__note">
          {count} {count === 1 ? 'file' : 'files'}
        </span>
        <button type="button" className="button" disabled={!connected} onClick={() => void refreshFiles()}>
          Refresh
        </button>
      </div>
      {error ? (
        <p className="file-panel__error" role="alert">
          {error}
        </p>
      ) : null}
      <FileList />
      <FileContent />
    </section>
  );
}
