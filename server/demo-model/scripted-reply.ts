/**
 * What a model script answers: the blocks of a message (text, thinking, tool calls) and how to
 * stream them, or an HTTP error. scripted-reply-events.ts turns an answer into what the Messages
 * API sends.
 */
import type { MessagesRequest } from './messages-request';

/** A web page the text cites, as the real API reports a web search result it used. */
export interface ScriptedCitation {
  url: string;
  title: string;
  /** The passage cited; the text itself when omitted. */
  citedText?: string;
}

export interface ScriptedTextBlock {
  type: 'text';
  /** Streamed in word-sized text_delta pieces. */
  text: string;
  /** Streamed as citations_delta events before the text, as `web_search_result_location` citations. */
  citations?: ScriptedCitation[];
}

/**
 * Extended thinking: streamed as thinking_delta pieces, then one signature_delta carrying the
 * scripted server's own signature, which it checks when the block comes back.
 */
export interface ScriptedThinkingBlock {
  type: 'thinking';
  thinking: string;
}

export interface ScriptedToolUseBlock {
  type: 'tool_use';
  name: string;
  input: Record<string, unknown>;
  /** Defaults to a fresh `toolu_scripted_<n>` id. */
  id?: string;
}

export type ScriptedBlock = ScriptedThinkingBlock | ScriptedTextBlock | ScriptedToolUseBlock;

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
  /**
   * Ends the stream with an `error` event once `afterDeltas` deltas are written, as the real API
   * reports a failure mid-answer (usually `overloaded_error`).
   */
  streamError?: { afterDeltas: number; type: string; message: string };
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

/** A rough token count: the scripted server has no tokenizer, and nothing depends on exact numbers. */
export function estimateInputTokens(request: MessagesRequest): number {
  return Math.max(1, Math.ceil(JSON.stringify([request.system ?? '', request.messages]).length / 4));
}
