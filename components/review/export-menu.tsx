'use client';

import { useRef } from 'react';
import type { ExportFormat } from '../../lib/protocol/thread-export';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './review.module.css';

const FORMATS: ReadonlyArray<{ format: ExportFormat; label: string }> = [
  { format: 'json', label: 'JSON' },
  { format: 'markdown', label: 'Markdown' },
  { format: 'org', label: 'Org' },
];

/** Downloads the open thread in each format; an export is not redacted (README, "Export and import"). */
export function ExportMenu() {
  const exportThread = useBatonStore((state) => state.exportThread);
  const menu = useRef<HTMLDetailsElement>(null);
  const download = async (format: ExportFormat) => {
    // A choice made closes the menu, as any menu does.
    if (menu.current) menu.current.open = false;
    const file = await exportThread(format);
    if (!file) return;
    const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
    const link = document.createElement('a');
    link.href = url;
    link.download = file.fileName;
    link.click();
    // The click has handed the file to the browser's download by the next task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <details ref={menu} className={styles.menu} data-testid="export-menu">
      <summary className={styles.smallButton}>Export</summary>
      <div className={styles.menuItems} role="menu" title="The export holds everything in the thread: nothing is redacted.">
        {FORMATS.map(({ format, label }) => (
          <button key={format} type="button" role="menuitem" className={styles.smallButton} onClick={() => void download(format)}>
            {label}
          </button>
        ))}
      </div>
    </details>
  );
}
