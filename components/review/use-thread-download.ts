'use client';

import { useCallback } from 'react';
import type { ExportFormat, ThreadExportResult } from '../../lib/protocol/thread-export';
import { useBatonStore } from '../baton-client/baton-store-context';

export const EXPORT_FORMATS: ReadonlyArray<{ format: ExportFormat; label: string }> = [
  { format: 'json', label: 'JSON' },
  { format: 'markdown', label: 'Markdown' },
  { format: 'org', label: 'Org' },
];

/** An export handed to the browser as a download (the thread menu's and the palette's). */
export function downloadExport(file: ThreadExportResult): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.click();
  // The click has handed the file to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads the open thread in a format; an export is not redacted (README, "Export and import"). */
export function useThreadDownload(): (format: ExportFormat) => Promise<void> {
  const exportThread = useBatonStore((state) => state.exportThread);
  return useCallback(
    async (format: ExportFormat) => {
      const file = await exportThread(format);
      if (file) downloadExport(file);
    },
    [exportThread],
  );
}
