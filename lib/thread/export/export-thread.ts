/** `thread/export`: a thread as a file in one of the three formats, with a name to save it under. */
import type { ThreadEntry } from '../../protocol/thread-model';
import type { ExportFormat, ThreadDetails, ThreadExportResult } from '../../protocol/thread-export';
import { buildExportFile } from './export-file';
import { threadMarkdown } from './thread-markdown';
import { threadOrg } from './thread-org';

const FORMATS: Record<ExportFormat, { extension: string; mimeType: string }> = {
  json: { extension: 'json', mimeType: 'application/json' },
  markdown: { extension: 'md', mimeType: 'text/markdown' },
  org: { extension: 'org', mimeType: 'text/org' },
};

export function exportThread(
  details: ThreadDetails,
  entries: readonly ThreadEntry[],
  format: ExportFormat,
  now: Date = new Date(),
): ThreadExportResult {
  const { extension, mimeType } = FORMATS[format];
  return { fileName: `${exportBaseName(details)}.${extension}`, mimeType, content: formatContent(details, entries, format, now) };
}

function formatContent(details: ThreadDetails, entries: readonly ThreadEntry[], format: ExportFormat, now: Date): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(buildExportFile(details, entries, now), null, 2)}\n`;
    case 'markdown':
      return threadMarkdown(details, entries);
    case 'org':
      return threadOrg(details, entries);
    default: {
      const unreachable: never = format;
      return unreachable;
    }
  }
}

/** "fix-the-failing-tests-3f2a9c1d": the title's words, then the start of the id, safe in any file system. */
export function exportBaseName(details: Pick<ThreadDetails, 'id' | 'title'>): string {
  const words = details.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  const id = details.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 8);
  return [words || 'thread', id].filter(Boolean).join('-');
}
