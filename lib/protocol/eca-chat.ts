/**
 * The ECA chat messages the browser speaks (specs/eca-protocol-v2.md, "Code Assistant Features"),
 * re-exported from the full ECA schemas in ./eca/. Every schema accepts v1 and v2 and outputs
 * v2; see ./eca/eca-protocol.ts for the whole protocol.
 */
export {
  ChatBehaviorSchema,
  type ChatBehavior,
  ChatRoleSchema,
  type ChatRole,
} from './eca/chat-common';
export { ChatContextSchema, type ChatContext } from './eca/chat-context';
export {
  ChatContentSchema,
  type ChatContent,
  type ChatContentInput,
  FileChangeDetailsSchema,
  type FileChangeDetails,
  ToolCallOriginSchema,
  ToolOutputSchema,
} from './eca/chat-content';
export { parseChatContent } from './eca/parse-chat-content';
export {
  ChatContentReceivedParamsSchema,
  type ChatContentReceivedParams,
  ChatPromptParamsSchema,
  type ChatPromptParams,
  ChatPromptResultSchema,
  type ChatPromptResult,
  ChatPromptStopParamsSchema,
  ChatToolCallApproveParamsSchema,
  ChatToolCallRejectParamsSchema,
} from './eca/chat-methods';
export { ConfigUpdatedParamsSchema, type ConfigUpdatedParams } from './eca/config';
export { InitializeParamsSchema, InitializeResultSchema } from './eca/lifecycle';
