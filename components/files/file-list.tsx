'use client';

import { useBatonStore } from '../baton-client/baton-store-context';

export function FileList() {
  const files = useBatonStore((state) => state.files);
  const selectedPath = useBatonStore((state) => state.selectedPath);
  const openFile = useBatonStore((state) => state.openFile);

  if (files.length === 0) return <p className="pane__empty">No files to show.</p>;
  return (
    <ul className="file-list">
      {files.map((path) => (
        <li key={path}>
          <button
            type="button"
            className="file-item"
            data-testid="file-item"
            aria-current={path === selectedPath ? 'true' : undefined}
            title={path}
            onClick={() => void openFile(path)}
          >
            {path}
          </button>
        </li>
      ))}
    </ul>
  );
}
