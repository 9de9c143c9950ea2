/**
 * The part of an Anthropic Messages API request body the scripted server checks and hands to its
 * script. Loose objects: fields the server does not look at (cache_control, metadata, ...) pass
 * through, as the real API accepts them. Block types outside this list are refused as the real API
 * refuses types it does not know.
 */
import { z } from 'zod';
import { scriptedSignature } from './thinking-signature';

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

export const ThinkingBlockSchema = z.looseObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string(),
});

/** The real API's minimum thinking budget. */
export const MIN_THINKING_BUDGET_TOKENS = 1024;

export const ThinkingConfigSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('enabled'), budget_tokens: z.number().int().min(MIN_THINKING_BUDGET_TOKENS) }),
  z.looseObject({ type: z.literal('disabled') }),
  z.looseObject({ type: z.literal('adaptive') }),
]);

const ContentBlockSchema = z.discriminatedUnion('type', [
  TextBlockSchema,
  ToolUseBlockSchema,
  ToolResultBlockSchema,
  z.looseObject({ type: z.literal('image') }),
  z.looseObject({ type: z.literal('document') }),
  ThinkingBlockSchema,
  z.looseObject({ type: z.literal('redacted_thinking'), data: z.string() }),
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
  tools: z.array(z.looseObject({ name: z.string().min(1), description: z.string().optional(), input_schema: z.unknown() })).optional(),
  stream: z.boolean().optional(),
  thinking: ThinkingConfigSchema.optional(),
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
      previous?.role === 'assistant' ? contentBlocks(previous).flatMap((block) => (block.type === 'tool_use' ? [block.id] : [])) : [],
    );
    for (const block of contentBlocks(message)) {
      if (block.type === 'tool_result' && (message.role !== 'user' || !asked.has(block.tool_use_id))) {
        return `messages.${index}: tool_result ${block.tool_use_id} does not answer a tool_use in the previous message`;
      }
      if (block.type === 'tool_use' && next !== undefined) {
        const answered = contentBlocks(next).some((candidate) => candidate.type === 'tool_result' && candidate.tool_use_id === block.id);
        if (!answered) return `messages.${index}: tool_use ${block.id} has no tool_result in the next message`;
      }
    }
  }
  return undefined;
}

/**
 * The extended thinking rules the real API enforces
 * (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking): the budget is below
 * max_tokens; thinking blocks come back exactly as they were sent (checked by signature); and
 * while thinking is on, an assistant message whose tool calls the last message answers starts
 * with its thinking. Returns what is wrong, or undefined.
 */
export function thinkingProblem(request: MessagesRequest): string | undefined {
  const thinking = request.thinking;
  if (thinking?.type === 'enabled' && thinking.budget_tokens >= request.max_tokens) {
    return '`max_tokens` must be greater than `thinking.budget_tokens`.';
  }
  for (const [index, message] of request.messages.entries()) {
    for (const [position, block] of contentBlocks(message).entries()) {
      if (block.type === 'thinking' && block.signature !== scriptedSignature(block.thinking)) {
        return `messages.${index}.content.${position}: Invalid \`signature\` in \`thinking\` block`;
      }
    }
  }
  if (thinking === undefined || thinking.type === 'disabled') return undefined;
  const last = request.messages.length - 1;
  const answersTools = contentBlocks(request.messages[last] as RequestMessage).some((block) => block.type === 'tool_result');
  const assistant = request.messages[last - 1];
  const first = assistant ? contentBlocks(assistant)[0] : undefined;
  if (answersTools && first && first.type !== 'thinking' && first.type !== 'redacted_thinking') {
    return (
      `messages.${last - 1}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${first.type}\`. ` +
      'When `thinking` is enabled, a final `assistant` message must start with a thinking block.'
    );
  }
  return undefined;
}
