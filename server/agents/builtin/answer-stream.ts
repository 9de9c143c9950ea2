/**
 * One streamed model answer as ECA chat contents (specs/eca-protocol-v2.md, "Chat Content
 * Received"): thinking as reasonStarted / reasonText / reasonFinished with its time, text as it
 * arrives, web pages the text cites as `url` contents, and each tool call's card as soon as its
 * name is known (toolCallPrepare, then each piece of its arguments). The request's token counts
 * are reported even when the answer is stopped or fails half-way: those tokens were spent.
 */
import { randomUUID } from 'node:crypto';
import type Anthropic from '@anthropic-ai/sdk';
import type { AgentTurn } from '../agent-backend';
import type { UniqueIds } from '../unique-ids';
import { NO_TOKENS, type TokenCounts, tokenCounts } from './model-catalog';
import type { ModelStreamThread } from './model-stream-thread';
import { StreamEventQueue } from './stream-events';
import { toolCallIdentity } from './tool-call-runner';
import type { BuiltinTool } from './tools/builtin-tool';

export interface AnswerRequest {
  /** The thread that reads the model's answers. */
  model: ModelStreamThread;
  params: Anthropic.MessageStreamParams;
  turn: AgentTurn;
  /** The tools offered, to tell each call's origin and server. */
  tools: readonly BuiltinTool[];
  signal: AbortSignal;
  /** Called once, when the request ends however it ends, if the API reported any usage. */
  onTokens(counts: TokenCounts): void;
  /** Links shown in this turn so far; a page cited twice gets one card. */
  linksShown: Set<string>;
  /** Gives each tool_use block an id of its own in the thread, whatever id the endpoint sent. */
  toolCallIds: UniqueIds;
}

/** Shown for a thinking block the API encrypted instead of sending its text. */
export const REDACTED_REASONING_TEXT = '(This reasoning was redacted by the model provider.)';

interface OpenReasoning {
  id: string;
  startedAt: number;
}

/**
 * Streams one answer. Resolves to the final message, or undefined when the turn was stopped;
 * the signal aborts the HTTP stream at once.
 */
export async function streamAnswer(request: AnswerRequest): Promise<Anthropic.Message | undefined> {
  const { model, params, turn, tools, signal } = request;
  const stream = model.stream(params, { signal });
  const toolCalls = new Map<number, ReturnType<typeof toolCallIdentity>>();
  const reasoning = new Map<number, OpenReasoning>();
  let counts: TokenCounts | undefined;
  const finishReasoning = async (index: number) => {
    const open = reasoning.get(index);
    if (!open) return;
    reasoning.delete(index);
    await turn.emit({ type: 'reasonFinished', id: open.id, totalTimeMs: Math.round(performance.now() - open.startedAt) });
  };

  // A piece of text or thinking the thread takes at once is handed over as it arrives; every other
  // event, and a piece the thread asks the agent to wait with, goes through the loop below, in order.
  const events = new StreamEventQueue(stream, {
    event: (event) => !signal.aborted && offerPiece(event, turn, reasoning),
    text: (_index, text) => !signal.aborted && offerText(text, turn),
  });
  try {
    for (;;) {
      const event = events.take();
      if (event === undefined) {
        if (await events.arrival()) continue;
        break;
      }
      if (signal.aborted) return undefined;
      switch (event.type) {
        case 'message_start':
          counts = tokenCounts(event.message.usage);
          break;
        case 'message_delta':
          // The delta's output count is the answer's total so far, not an increment.
          counts = { ...(counts ?? NO_TOKENS), outputTokens: event.usage.output_tokens };
          break;
        case 'content_block_start':
          await startBlock(event, { turn, tools, toolCalls, reasoning, toolCallIds: request.toolCallIds });
          break;
        case 'content_block_delta':
          // Events come a batch at a time, so most pieces are read here, not as they arrive: a piece
          // the thread takes at once costs no promise here either.
          if (offerPiece(event, turn, reasoning)) break;
          // An answer's text is nearly every event: emitted here, without an async call of its own
          // (its frame and promise per piece were 9% of what the relay allocated, a heap profile showed).
          if (event.delta.type === 'text_delta') {
            if (event.delta.text !== '') await turn.emit({ type: 'text', text: event.delta.text });
          } else {
            await onDelta(event, { turn, toolCalls, reasoning, linksShown: request.linksShown });
          }
          break;
        case 'content_block_stop':
          await finishReasoning(event.index);
          break;
        case 'message_stop':
          break;
        default:
          newerThanTheSdk(event);
      }
    }
    if (signal.aborted) return undefined;
    return withCallIds(await stream.finalMessage(), toolCalls);
  } finally {
    events.close();
    if (counts) request.onTokens(counts);
    // A card left "thinking" forever would say the model is still at it.
    for (const index of [...reasoning.keys()]) await finishReasoning(index);
  }
}

/**
 * Hands a piece of text or of an open thinking block to the thread without a promise, when the
 * thread takes it so (AgentTurn.offerPiece): true when it is taken, or has nothing to show.
 */
function offerPiece(event: Anthropic.MessageStreamEvent, turn: AgentTurn, reasoning: ReadonlyMap<number, OpenReasoning>): boolean {
  if (event.type !== 'content_block_delta' || turn.offerPiece === undefined) return false;
  const { delta } = event;
  if (delta.type === 'text_delta') return offerText(delta.text, turn);
  if (delta.type !== 'thinking_delta') return false;
  const open = reasoning.get(event.index);
  return open !== undefined && (delta.thinking === '' || turn.offerPiece({ type: 'reasonText', id: open.id, text: delta.thinking }));
}

/** A piece of the answer's text, as offerPiece hands it over. */
function offerText(text: string, turn: AgentTurn): boolean {
  return turn.offerPiece !== undefined && (text === '' || turn.offerPiece({ type: 'text', text }));
}

interface BlockState {
  turn: AgentTurn;
  toolCalls: Map<number, ReturnType<typeof toolCallIdentity>>;
  reasoning: Map<number, OpenReasoning>;
}

async function startBlock(
  event: Anthropic.RawContentBlockStartEvent,
  state: BlockState & { tools: readonly BuiltinTool[]; toolCallIds: UniqueIds },
): Promise<void> {
  const { turn, tools, toolCalls, reasoning } = state;
  const block = event.content_block;
  if (block.type === 'tool_use') {
    const id = state.toolCallIds.fresh(block.id);
    const identity = toolCallIdentity(
      id,
      block.name,
      tools.find((tool) => tool.name === block.name),
    );
    toolCalls.set(event.index, identity);
    // Shown at once, so the card appears while the arguments are still being written.
    await turn.emit({ type: 'toolCallPrepare', ...identity, argumentsText: '' });
  } else if (block.type === 'thinking' || block.type === 'redacted_thinking') {
    const id = randomUUID();
    reasoning.set(event.index, { id, startedAt: performance.now() });
    await turn.emit({ type: 'reasonStarted', id });
    if (block.type === 'redacted_thinking') await turn.emit({ type: 'reasonText', id, text: REDACTED_REASONING_TEXT });
  }
}

async function onDelta(event: Anthropic.RawContentBlockDeltaEvent, state: BlockState & { linksShown: Set<string> }): Promise<void> {
  const { turn, toolCalls, reasoning, linksShown } = state;
  const delta = event.delta;
  switch (delta.type) {
    case 'text_delta':
      // Emitted by streamAnswer itself.
      break;
    case 'thinking_delta': {
      const open = reasoning.get(event.index);
      if (open && delta.thinking !== '') await turn.emit({ type: 'reasonText', id: open.id, text: delta.thinking });
      break;
    }
    case 'input_json_delta': {
      const call = toolCalls.get(event.index);
      if (call && delta.partial_json !== '') {
        await turn.emit({ type: 'toolCallPrepare', ...call, argumentsText: delta.partial_json });
      }
      break;
    }
    case 'citations_delta': {
      const link = citedPage(delta.citation);
      if (link && !linksShown.has(link.url)) {
        linksShown.add(link.url);
        await turn.emit({ type: 'url', ...link });
      }
      break;
    }
    case 'signature_delta':
      // The SDK keeps the signature on the block; it goes back with the thinking (anthropic-mapper.ts).
      break;
    default:
      newerThanTheSdk(delta);
  }
}

/**
 * The answer with each tool_use block under the id its card was shown with (the stream's block
 * index is the block's place in the content), so that the call, its result and what goes back to
 * the model all carry the one id.
 */
function withCallIds(message: Anthropic.Message, toolCalls: Map<number, ReturnType<typeof toolCallIdentity>>): Anthropic.Message {
  const content = message.content.map((block, index) => {
    const shown = toolCalls.get(index);
    return block.type === 'tool_use' && shown && shown.id !== block.id ? { ...block, id: shown.id } : block;
  });
  return { ...message, content };
}

/** The web page a citation points at, if it points at one (documents the user sent do not). */
function citedPage(citation: Anthropic.TextCitation): { title: string; url: string } | undefined {
  if (citation.type === 'web_search_result_location') {
    return { title: citation.title ?? citation.url, url: citation.url };
  }
  if (citation.type === 'search_result_location' && /^https?:\/\//.test(citation.source)) {
    return { title: citation.title ?? citation.source, url: citation.source };
  }
  return undefined;
}

/** Keeps the switches exhaustive at compile time; at run time, a kind newer than the SDK's types is skipped. */
function newerThanTheSdk(_value: never): void {}
