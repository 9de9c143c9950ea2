/**
 * The JSON export (`baton-thread`, version 1) and its reading back. Reading is a trust boundary:
 * a file from anywhere is parsed with the protocol schemas and refused with the reason.
 */
import { isJsonTextTooDeep } from '../../json/json-bounds';
import type { ThreadEntry } from '../../protocol/thread-model';
import {
  EXPORT_FORMAT_NAME,
  EXPORT_VERSION,
  MAX_IMPORT_CHARS,
  MAX_THREAD_FILE_DEPTH,
  type ThreadDetails,
  type ThreadExportFile,
  ThreadExportFileSchema,
} from '../../protocol/thread-export';
import { RelayError } from '../../rpc/relay-error';

export function buildExportFile(details: ThreadDetails, entries: readonly ThreadEntry[], exportedAt: Date): ThreadExportFile {
  return {
    format: EXPORT_FORMAT_NAME,
    version: EXPORT_VERSION,
    exportedAt: exportedAt.toISOString(),
    thread: details,
    entries: [...entries],
  };
}

export class ImportError extends RelayError<'bad-import'> {
  constructor(message: string, options?: { cause?: unknown }) {
    super('bad-import', message, options);
  }
}

/** The export in `content`, or an ImportError saying what is wrong with it. */
export function parseExportFile(content: string): ThreadExportFile {
  if (content.length > MAX_IMPORT_CHARS) {
    throw new ImportError(`The file is too large to import (${content.length} characters; at most ${MAX_IMPORT_CHARS}).`);
  }
  // Read before parsing: the schemas, the store and every later export recurse into what is kept.
  if (isJsonTextTooDeep(content, MAX_THREAD_FILE_DEPTH)) {
    throw new ImportError(
      `The file nests arrays and objects deeper than ${MAX_THREAD_FILE_DEPTH} levels; a Baton thread export never does, so it was not imported.`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    throw new ImportError('The file is not JSON: only a JSON export of a Baton thread can be imported.', { cause: error });
  }
  const header = json as { format?: unknown; version?: unknown } | null;
  if (typeof header !== 'object' || header === null || header.format !== EXPORT_FORMAT_NAME) {
    throw new ImportError(`The file is not a Baton thread export (its "format" is not "${EXPORT_FORMAT_NAME}").`);
  }
  if (header.version !== EXPORT_VERSION) {
    throw new ImportError(`The export is version ${JSON.stringify(header.version)}; this Baton reads version ${EXPORT_VERSION}.`);
  }
  const parsed = ThreadExportFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new ImportError(`The export is not valid${where}: ${issue?.message ?? 'unknown problem'}.`, { cause: parsed.error });
  }
  return parsed.data;
}
