/**
 * ECA lifecycle: initialize, initialized, shutdown, exit (specs/eca-protocol-v2.md, "Lifecycle
 * Messages"). They follow LSP's.
 */
import { z } from 'zod';
import { AbsentParamsSchema } from '../absent-params';
import { ChatBehaviorSchema, ChatModelSchema } from './chat-common';

export const WorkspaceFolderSchema = z.object({ uri: z.string(), name: z.string() });
export type WorkspaceFolder = z.infer<typeof WorkspaceFolderSchema>;

/**
 * v1 lists `doc`, `edit` and `fix` under `codeAssistant`; v2 drops them and adds
 * `editor.diagnostics`. Every field is optional in both, so one shape takes both; unknown
 * capabilities pass through, as in LSP. The relay sends v2's.
 */
export const ClientCapabilitiesSchema = z.looseObject({
  codeAssistant: z
    .looseObject({
      chat: z.boolean().optional(),
      /** v1 only. */
      doc: z.boolean().optional(),
      /** v1 only. */
      edit: z.boolean().optional(),
      /** v1 only. */
      fix: z.boolean().optional(),
      /** v2 only: the client answers `editor/getDiagnostics`. */
      editor: z.looseObject({ diagnostics: z.boolean().optional() }).optional(),
    })
    .optional(),
});
export type ClientCapabilities = z.infer<typeof ClientCapabilitiesSchema>;

export const InitializeParamsSchema = z.object({
  /**
   * The parent's process id; null (or, in the current protocol, absent) when no process started
   * the server or the editor chose not to say.
   */
  processId: z.number().int().nullable().optional(),
  clientInfo: z.object({ name: z.string(), version: z.string().optional() }).optional(),
  /** v2 names the editor's behaviour `chatBehavior`; the current protocol calls it `chatAgent`. */
  initializationOptions: z
    .looseObject({ chatBehavior: ChatBehaviorSchema.optional(), chatAgent: ChatBehaviorSchema.optional() })
    .optional(),
  capabilities: ClientCapabilitiesSchema,
  workspaceFolders: z.array(WorkspaceFolderSchema),
});
export type InitializeParams = z.infer<typeof InitializeParamsSchema>;

/**
 * v1 answers with models, behaviors and the welcome message (all required there); v2 answers
 * `{}` and sends them in `config/updated` instead; the current protocol keeps `chatWelcomeMessage`.
 * Real editors read the v1 fields from this answer and open the chat before `config/updated`
 * comes, so Baton's server sends all of them. The fields are optional here so every version
 * parses. Unknown fields pass through, as LSP's `InitializeResult` allows.
 */
export const InitializeResultSchema = z.looseObject({
  /** v1 only. */
  models: z.array(ChatModelSchema).optional(),
  /** v1 only. */
  chatDefaultModel: ChatModelSchema.optional(),
  /** v1 only. */
  chatBehaviors: z.array(ChatBehaviorSchema).optional(),
  /** v1 only. */
  chatDefaultBehavior: ChatBehaviorSchema.optional(),
  /** v1, and the current protocol. */
  chatWelcomeMessage: z.string().optional(),
});
export type InitializeResult = z.infer<typeof InitializeResultSchema>;

/** `InitializedParams {}`; omitted or null params mean the same, and what else comes is ignored. */
export const InitializedParamsSchema = z.looseObject({}).optional();

/** `shutdown` and `exit` take no params. */
export const ShutdownParamsSchema = AbsentParamsSchema;
/** Read through nulls-as-absent, which turns the `null` result into undefined; it is null again here. */
export const ShutdownResultSchema = z
  .null()
  .optional()
  .transform((): null => null);
export const ExitParamsSchema = AbsentParamsSchema;
