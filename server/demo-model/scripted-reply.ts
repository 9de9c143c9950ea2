/**
 * What a model script answers, and how an answer becomes the Messages API's streaming events
 * (message_start, content_block_start/delta/stop, message_delta, message_stop) or its JSON
 * message. Pure, so the event sequence can be checked without a server.
 */
import type { MessagesRequest } from './messages-request';

export interface ScriptedTextBlock {
  type: 'text';
  /** Streamed in word-sized text_delta pieces. */
  text: string;
}

export interface ScriptedToolUseBlock {
  type: 'tool_use';
  name: string;
  input: Record<string, unknown>;
  /** Defaults to a fresh `toolu_scripted_<n>` id. */
  id?: string;
}

export type ScriptedBlock = ScriptedTextBlock | ScriptedToolUseBlock;

export interface ScriptedReply {
  blocks: ScriptedBlock[];
  /** Defaults to `tool_use` when a block calls a tool, else `end_turn`. */
  stopReason?: 'end_turn' | 'tool_use' | 'max_tokens';
  /** Pause before every delta after the first, so a person can watch the stream. */
  delayBetweenDeltasMs?: number;
  /**
   * Awaited before delta `index` (0-based, counted over the whole reply) is written. A test holds
   * the stream half-way by returning a promise it resolves later: no timing assumptions.
   * `disconnected` aborts when the client drops the connection, so a test can also wait for that.
   */
  beforeDelta?: (index: number, disconnected: AbortSignal) => void | Promise<void>;
  /** Destroys the connection once this many deltas are written, as a dropped network would. */
  breakConnectionAfterDeltas?: number;
}

/** An Anthropic-style HTTP error instead of a message, e.g. 529 overloaded_error. */
export interface ScriptedErrorReply {
  error: {
    status: number;
    type: string;
    message: string;
    /** Sent as `x-should-retry`; false by default so SDK clients fail at once instead of retrying. */
    shouldRetry?: boolean;
  };
}

export interface ScriptContext {
  /** Aborts when the client drops the connection before the answer is complete. */
  signal: AbortSignal;
}

/** `context` is always passed by the server; optional so one script can simply delegate to another. */
export type ModelScript = (
  request: MessagesRequest,
  context?: ScriptContext,
) => ScriptedReply | ScriptedErrorReply | Promise<ScriptedReply | ScriptedErrorReply>;

export interface StreamStep {
  event: string;
  data: Record<string, unknown>;
  /** True for content_block_delta steps: the ones beforeDelta, delays and breaks count. */
  isDelta: boolean;
}

export type ResolvedBlock = ScriptedTextBlock | (ScriptedToolUseBlock & { id: string });

export interface ReplyIdentity {
  messageId: string;
  model: string;
  inputTokens: number;
}

/** Gives every tool_use block an id, so the stream and the JSON form agree. */
export function resolveBlocks(blocks: readonly ScriptedBlock[], nextToolUseId: () => string): ResolvedBlock[] {
  return blocks.map((block) => (block.type === 'tool_use' ? { ...block, id: block.id ?? nextToolUseId() } : block));
}

export function stopReasonOf(reply: ScriptedReply): string {
  return reply.stopReason ?? (reply.blocks.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn');
}

/** A rough token count: the scripted server has no tokenizer, and nothing depends on exact numbers. */
export function estimateInputTokens(request: MessagesRequest): number {
  return Math.max(1, Math.ceil(JSON.stringify([request.system ?? '', request.messages]).length / 4));
}

export function replyToStreamSteps(reply: ScriptedReply, blocks: ResolvedBlock[], identity: ReplyIdentity): StreamStep[] {
  const steps: StreamStep[] = [];
  const push = (event: string, data: Record<string, unknown>, isDelta = false) =>
    steps.push({ event, data: { type: event, ...data }, isDelta });

  push('message_start', {
    message: {
      id: identity.messageId,
      type: 'message',
      role: 'assistant',
      model: identity.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: usage(identity.inputTokens, 1),
    },
  });
  push('ping', {});
  let outputTokens = 0;
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      push('content_block_start', { index, content_block: { type: 'text', text: '' } });
      for (const word of splitIntoWords(block.text)) {
        push('content_block_delta', { index, delta: { type: 'text_delta', text: word } }, true);
        outputTokens += 1;
      }
    } else {
      push('content_block_start', {
        index,
        content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
      });
      for (const piece of splitIntoPieces(JSON.stringify(block.input), 3)) {
        push('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }, true);
        outputTokens += 1;
      }
    }
    push('content_block_stop', { index });
  });
  push('message_delta', {
    delta: { stop_reason: stopReasonOf(reply), stop_sequence: null },
    usage: { output_tokens: Math.max(1, outputTokens) },
  });
  push('message_stop', {});
  return steps;
}

export function replyToMessage(reply: ScriptedReply, blocks: ResolvedBlock[], identity: ReplyIdentity): Record<string, unknown> {
  const content = blocks.map((block) =>
    block.type === 'text'
      ? { type: 'text', text: block.text }
      : { type: 'tool_use', id: block.id, name: block.name, input: block.input },
  );
  const outputTokens = Math.max(1, Math.ceil(JSON.stringify(content).length / 4));
  return {
    id: identity.messageId,
    type: 'message',
    role: 'assistant',
    model: identity.model,
    content,
    stop_reason: stopReasonOf(reply),
    stop_sequence: null,
    usage: usage(identity.inputTokens, outputTokens),
  };
}

/** Words with the whitespace after them, so the pieces join back to exactly the text. */
export function splitIntoWords(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** A tool's input JSON in a few pieces, as the real API streams it (pieces are not valid JSON). */
export function splitIntoPieces(json: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(json.length / count));
  const pieces: string[] = [];
  for (let start = 0; start < json.length; start += size) pieces.push(json.slice(start, start + size));
  return pieces;
}

function usage(inputTokens: number, outputTokens: number): Record<string, number> {
  return {
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
}
