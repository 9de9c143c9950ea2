/**
 * `editor/getDiagnostics` (specs/eca-protocol-v2.md, "Editor diagnostics"; v2 only): the server
 * asks the client for LSP or other diagnostics. Only clients that declared
 * `capabilities.codeAssistant.editor.diagnostics` are asked.
 */
import { z } from 'zod';
import { EditorPositionSchema } from './chat-context';

export const EditorGetDiagnosticsParamsSchema = z.object({
  /** Absent asks for every workspace's diagnostics. */
  uri: z.string().optional(),
});

export const DiagnosticSeveritySchema = z.enum(['error', 'warning', 'info', 'hint']);

export const EditorDiagnosticSchema = z.object({
  uri: z.string(),
  severity: DiagnosticSeveritySchema,
  /** Like 'clojure-lsp'. */
  source: z.string(),
  /** 1-based, unlike LSP's 0-based ranges (the spec says so). */
  range: z.object({ start: EditorPositionSchema, end: EditorPositionSchema }),
  /** Like 'wrong-args'. */
  code: z.string().optional(),
  message: z.string(),
});
export type EditorDiagnostic = z.infer<typeof EditorDiagnosticSchema>;

export const EditorGetDiagnosticsResultSchema = z.object({ diagnostics: z.array(EditorDiagnosticSchema) });
