/**
 * How a scripted reply becomes the Messages API's streaming events (message_start,
 * content_block_start/delta/stop, message_delta, message_stop) or its JSON message. Pure, so the
 * event sequence can be checked without a server.
 */
import type {
  ScriptedBlock,
  ScriptedCitation,
  ScriptedReply,
  ScriptedTextBlock,
  ScriptedThinkingBlock,
  ScriptedToolUseBlock,
} from './scripted-reply';
import { scriptedSignature } from './thinking-signature';

export interface StreamStep {
  event: string;
  data: Record<string, unknown>;
  /** True for content_block_delta steps: the ones beforeDelta, delays and breaks count. */
  isDelta: boolean;
}

export type ResolvedBlock = ScriptedTextBlock | (ScriptedThinkingBlock & { signature: string }) | (ScriptedToolUseBlock & { id: string });

export interface ReplyIdentity {
  messageId: string;
  model: string;
  inputTokens: number;
}

/** Gives every tool_use block an id and every thinking block a signature, so the stream and the JSON form agree. */
export function resolveBlocks(blocks: readonly ScriptedBlock[], nextToolUseId: () => string): ResolvedBlock[] {
  return blocks.map((block) => {
    switch (block.type) {
      case 'tool_use':
        return { ...block, id: block.id ?? nextToolUseId() };
      case 'thinking':
        return { ...block, signature: scriptedSignature(block.thinking) };
      case 'text':
        return block;
      default: {
        const unreachable: never = block;
        return unreachable;
      }
    }
  });
}

export function stopReasonOf(reply: ScriptedReply): string {
  return reply.stopReason ?? (reply.blocks.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn');
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
    const delta = (data: Record<string, unknown>) => {
      push('content_block_delta', { index, delta: data }, true);
      outputTokens += 1;
    };
    switch (block.type) {
      case 'thinking':
        push('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } });
        for (const word of splitIntoWords(block.thinking)) delta({ type: 'thinking_delta', thinking: word });
        delta({ type: 'signature_delta', signature: block.signature });
        break;
      case 'text':
        push('content_block_start', { index, content_block: { type: 'text', text: '' } });
        for (const citation of block.citations ?? []) {
          delta({ type: 'citations_delta', citation: webCitation(citation, block.text) });
        }
        for (const word of splitIntoWords(block.text)) delta({ type: 'text_delta', text: word });
        break;
      case 'tool_use':
        push('content_block_start', {
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        });
        for (const piece of splitIntoPieces(JSON.stringify(block.input), 3)) {
          delta({ type: 'input_json_delta', partial_json: piece });
        }
        break;
      default: {
        const unreachable: never = block;
        throw new Error(`unknown block ${JSON.stringify(unreachable)}`);
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
  const content = blocks.map((block) => {
    switch (block.type) {
      case 'thinking':
        return { type: 'thinking', thinking: block.thinking, signature: block.signature };
      case 'text':
        return block.citations
          ? { type: 'text', text: block.text, citations: block.citations.map((citation) => webCitation(citation, block.text)) }
          : { type: 'text', text: block.text };
      case 'tool_use':
        return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
      default: {
        const unreachable: never = block;
        return unreachable;
      }
    }
  });
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

function webCitation(citation: ScriptedCitation, text: string): Record<string, unknown> {
  return {
    type: 'web_search_result_location',
    url: citation.url,
    title: citation.title,
    cited_text: citation.citedText ?? text,
    encrypted_index: 'scripted',
  };
}

function usage(inputTokens: number, outputTokens: number): Record<string, number> {
  return {
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
}
