'use client';

import { useBatonStore } from '../baton-client/baton-store-context';

export function FileContent() {
  const selectedPath = useBatonStore((state) => state.selectedPath);
  const content = useBatonStore((state) => state.fileContent);
  const failed = useBatonStore((state) => state.filesError !== null);

  if (!selectedPath) return <p className="pane__empty">Click a file to read it.</p>;
  return (
    <section className="file-content" aria-label={`Contents of ${selectedPath}`}>
      <h3 className="file-content__path">{selectedPath}</h3>
      <pre className="file-content__text" data-testid="file-content" aria-busy={content === null && !failed}>
        {content ?? (failed ? '' : 'Loading…')}
      </pre>
    </section>
  );
}
