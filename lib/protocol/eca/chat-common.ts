/**
 * Small ECA types that the lifecycle, chat and config messages share
 * (specs/eca-protocol-v2.md, "Initialize" and "Chat Prompt").
 */
import { z } from 'zod';

/**
 * The spec lists 'agent' and 'plan'; real ECA servers let users define more, and an ACP agent's
 * modes travel as behaviours too, so any name is accepted.
 */
export const ChatBehaviorSchema = z.string().min(1);
export type ChatBehavior = z.infer<typeof ChatBehaviorSchema>;

/** The LLM model name. */
export const ChatModelSchema = z.string();
export type ChatModel = z.infer<typeof ChatModelSchema>;

/** The owner of a chat content. */
export const ChatRoleSchema = z.enum(['user', 'system', 'assistant']);
export type ChatRole = z.infer<typeof ChatRoleSchema>;
