/**
 * The part of an Anthropic Messages API request body the scripted server checks and hands to its
 * script. Loose objects: fields the server does not look at (cache_control, metadata, ...) pass
 * through, as the real API accepts them. Block types outside this list are refused as the real API
 * refuses types it does not know.
 */
import { z } from 'zod';

export const TextBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string() });

export const ToolUseBlockSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
});

export const ToolResultBlockSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]).optional(),
  is_error: z.boolean().optional(),
});

const ContentBlockSchema = z.discriminatedUnion('type', [
  TextBlockSchema,
  ToolUseBlockSchema,
  ToolResultBlockSchema,
  z.looseObject({ type: z.literal('image') }),
  z.looseObject({ type: z.literal('document') }),
  z.looseObject({ type: z.literal('thinking') }),
  z.looseObject({ type: z.literal('redacted_thinking') }),
]);
export type RequestContentBlock = z.infer<typeof ContentBlockSchema>;

export const RequestMessageSchema = z.looseObject({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(ContentBlockSchema)]),
});
export type RequestMessage = z.infer<typeof RequestMessageSchema>;

export const MessagesRequestSchema = z.looseObject({
  model: z.string().min(1),
  max_tokens: z.number().int().positive(),
  messages: z.array(RequestMessageSchema).min(1),
  system: z.union([z.string(), z.array(TextBlockSchema)]).optional(),
  tools: z
    .array(z.looseObject({ name: z.string().min(1), description: z.string().optional(), input_schema: z.unknown() }))
    .optional(),
  stream: z.boolean().optional(),
});
export type MessagesRequest = z.infer<typeof MessagesRequestSchema>;

/** The blocks of a message, whether it was sent as a plain string or as an array. */
export function contentBlocks(message: RequestMessage): RequestContentBlock[] {
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
}

/** The text a tool result carries, whichever of its two shapes it was sent in. */
export function toolResultText(block: z.infer<typeof ToolResultBlockSchema>): string {
  if (block.content === undefined) return '';
  if (typeof block.content === 'string') return block.content;
  return block.content.map((part) => part.text ?? '').join('');
}

/**
 * The pairing rule the real API enforces, checked so that tests catch a mis-mapped history: every
 * tool_use is answered by a tool_result in the very next (user) message, and every tool_result
 * answers a tool_use of the message just before it. Returns what is wrong, or undefined.
 */
export function conversationProblem(messages: readonly RequestMessage[]): string | undefined {
  for (const [index, message] of messages.entries()) {
    const previous = index > 0 ? messages[index - 1] : undefined;
    const next = messages[index + 1];
    const asked = new Set(
      previous?.role === 'assistant'
        ? contentBlocks(previous).flatMap((block) => (block.type === 'tool_use' ? [block.id] : []))
        : [],
    );
    for (const block of contentBlocks(message)) {
      if (block.type === 'tool_result' && (message.role !== 'user' || !asked.has(block.tool_use_id))) {
        return `messages.${index}: tool_result ${block.tool_use_id} does not answer a tool_use in the previous message`;
      }
      if (block.type === 'tool_use' && next !== undefined) {
        const answered = contentBlocks(next).some(
          (candidate) => candidate.type === 'tool_result' && candidate.tool_use_id === block.id,
        );
        if (!answered) return `messages.${index}: tool_use ${block.id} has no tool_result in the next message`;
      }
    }
  }
  return undefined;
}
