/** The review methods of the browser protocol (thread-export.ts), spread into baton-protocol.ts. */
import {
  ThreadDetailsParamsSchema,
  ThreadDetailsSchema,
  ThreadExportParamsSchema,
  ThreadExportResultSchema,
  ThreadImportParamsSchema,
  ThreadImportResultSchema,
} from './thread-export';

export const threadExportRequests = {
  'thread/details': { params: ThreadDetailsParamsSchema, result: ThreadDetailsSchema },
  'thread/export': { params: ThreadExportParamsSchema, result: ThreadExportResultSchema },
  'thread/import': { params: ThreadImportParamsSchema, result: ThreadImportResultSchema },
} as const;
