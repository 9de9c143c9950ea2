/**
 * Small ECA types that the lifecycle, chat and config messages share
 * (specs/eca-protocol-v2.md, "Initialize" and "Chat Prompt").
 */
import { z } from 'zod';

export const ChatBehaviorSchema = z.enum(['agent', 'plan']);
export type ChatBehavior = z.infer<typeof ChatBehaviorSchema>;

/** The LLM model name. */
export const ChatModelSchema = z.string();
export type ChatModel = z.infer<typeof ChatModelSchema>;

/** The owner of a chat content. */
export const ChatRoleSchema = z.enum(['user', 'system', 'assistant']);
export type ChatRole = z.infer<typeof ChatRoleSchema>;
