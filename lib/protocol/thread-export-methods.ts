/** The review methods of the browser protocol (thread-export.ts, thread-file-revert.ts), spread into baton-protocol.ts. */
import {
  ThreadChangesResultSchema,
  ThreadDetailsParamsSchema,
  ThreadDetailsSchema,
  ThreadExportParamsSchema,
  ThreadExportResultSchema,
  ThreadImportParamsSchema,
  ThreadImportResultSchema,
} from './thread-export';
import { ThreadRevertFileParamsSchema, ThreadRevertFileResultSchema } from './thread-file-revert';

export const threadExportRequests = {
  'thread/details': { params: ThreadDetailsParamsSchema, result: ThreadDetailsSchema },
  'thread/changes': { params: ThreadDetailsParamsSchema, result: ThreadChangesResultSchema },
  'thread/export': { params: ThreadExportParamsSchema, result: ThreadExportResultSchema },
  'thread/import': { params: ThreadImportParamsSchema, result: ThreadImportResultSchema },
  'thread/revertFile': { params: ThreadRevertFileParamsSchema, result: ThreadRevertFileResultSchema },
} as const;
