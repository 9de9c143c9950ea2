/**
 * `$/showMessage` (specs/eca-protocol-v2.md, "showMessage"): the server asks the client to show
 * the user a message. The section labels it "_Request:_" but its arrow (⬅️) and its prose make
 * it a notification; it is one here, as LSP's `window/showMessage` is.
 */
import { z } from 'zod';

export const MessageTypeSchema = z.enum(['error', 'warning', 'info']);
export type MessageType = z.infer<typeof MessageTypeSchema>;

export const ShowMessageParamsSchema = z.object({ type: MessageTypeSchema, message: z.string() });
export type ShowMessageParams = z.infer<typeof ShowMessageParamsSchema>;
