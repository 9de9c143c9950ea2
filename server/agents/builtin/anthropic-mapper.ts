/**
 * Translates between Baton's thread entries and the Anthropic Messages API (the built-in agent's
 * one mapper file, DESIGN.md decision 1). The API wants user and assistant turns alternating and
 * every tool_use answered by a tool_result in the very next user message; entries are flattened
 * to (role, block) pairs in order and consecutive same-role blocks merged, which gives exactly that.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { ThreadEntry, ToolCallEntry } from '../../../lib/protocol/thread-model';
import { BUILTIN_AGENT_NAME } from '../../../lib/protocol/agents';
import { elicitationText } from '../../../lib/thread/elicitation-text';

type Role = 'user' | 'assistant';
type Block = Anthropic.ContentBlockParam;

/** What the model is told when the user rejects a call; the demo model looks for "rejected". */
export const REJECTED_TOOL_RESULT = 'The user rejected this tool call.';
/** What the model is told when the approval policy refuses a call (ECA reason 'user-config'). */
export const CONFIG_REJECTED_TOOL_RESULT =
  "The user's approval policy (the toolApproval rules of Baton's config file) refused this tool call, so it did not run.";

/**
 * The conversation for a turn: the thread's history, then the prompt (what the user typed, or
 * blocks such as resolved contexts followed by it).
 */
export function toAnthropicMessages(history: readonly ThreadEntry[], prompt: string | readonly Block[]): Anthropic.MessageParam[] {
  const owners = entryOwners(history);
  const pairs: Array<[Role, Block]> = history.flatMap((entry, index) =>
    entry.type === 'toolCall' && owners[index] !== BUILTIN_AGENT_NAME ? foreignToolCall(entry, owners[index]!) : entryToBlocks(entry),
  );
  const blocks = typeof prompt === 'string' ? [{ type: 'text', text: prompt } as const] : prompt;
  for (const block of blocks) pairs.push(['user', block]);
  return mergeConsecutiveRoles(pairs);
}

function entryToBlocks(entry: ThreadEntry): Array<[Role, Block]> {
  switch (entry.type) {
    case 'message': {
      const text = entry.chunks.map((chunk) => chunk.chunk).join('');
      // The API refuses empty text blocks; an empty message says nothing anyway.
      return text.trim() === '' ? [] : [[entry.role, { type: 'text', text }]];
    }
    case 'readFile':
      // A read by a tool call: the call's result already gave the model the text.
      if (entry.toolCallId !== undefined) return [];
      return [['user', { type: 'text', text: `Contents of ${entry.path}:\n\n${entry.content}` }]];
    case 'toolCall':
      return [
        ['assistant', { type: 'tool_use', id: entry.id, name: entry.name, input: toolCallInput(entry) }],
        ['user', toolResultBlock(entry.id, ...toolCallOutcome(entry))],
      ];
    // What another agent asked the user and what the user answered: part of the conversation.
    case 'elicitation':
      return [['user', { type: 'text', text: elicitationText(entry) }]];
    // Shown to the reader only. The thread keeps a thought's text but not the signature the API
    // needs to accept it back, and a link repeats what the answer's text already says.
    case 'reasoning':
    case 'link':
    // The marker of a hand-over; the entries around it are the history itself.
    case 'handOver':
    // What a turn cost and how it ended is the reader's, not the model's.
    case 'turnSummary':
      return [];
    default: {
      const unreachable: never = entry;
      return unreachable;
    }
  }
}

/**
 * Which agent made each entry: a hand-over marks where the one before it ends. The entries after
 * the last hand-over (or all of them, with none) are this agent's own.
 */
function entryOwners(history: readonly ThreadEntry[]): string[] {
  const owners = new Array<string>(history.length);
  let owner = BUILTIN_AGENT_NAME;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const entry = history[index]!;
    if (entry.type === 'handOver') owner = entry.from;
    owners[index] = owner;
  }
  return owners;
}

/** The most of another agent's tool output the model is shown: enough to follow, not to flood. */
const FOREIGN_OUTPUT_CHARS = 2_000;

/**
 * Another agent's tool call, told as text: the API accepts tool_use only with ids and names of its
 * own pattern, and a call to a tool this agent does not have would read as one it can repeat.
 */
function foreignToolCall(entry: ToolCallEntry, agent: string): Array<[Role, Block]> {
  const [outcome, failed] = toolCallOutcome(entry);
  const shown = outcome.length > FOREIGN_OUTPUT_CHARS ? `${outcome.slice(0, FOREIGN_OUTPUT_CHARS)}… [cut]` : outcome;
  const what = entry.summary ?? JSON.stringify(toolCallInput(entry));
  const text = `[Before this thread was handed to you, the agent "${agent}" used its tool ${entry.name} (${what}); ${failed ? 'it did not succeed' : 'result'}: ${shown || '(no output)'}]`;
  return [['assistant', { type: 'text', text }]];
}

/** The text the model receives for a recorded call, and whether it is an error. */
function toolCallOutcome(entry: ToolCallEntry): [string, boolean] {
  switch (entry.status) {
    case 'succeeded':
      return [entry.outputText ?? '', false];
    case 'failed':
      return [entry.outputText ?? 'The tool call failed.', true];
    case 'rejected':
      return [entry.reason === 'user-config' ? CONFIG_REJECTED_TOOL_RESULT : REJECTED_TOOL_RESULT, true];
    case 'interrupted':
    case 'preparing':
    case 'waiting-approval':
    case 'running':
      // A call that never finished (Stop, or a relay restart) did not change anything reliably.
      return [`The tool call was interrupted before it finished${entry.reason ? ` (${entry.reason})` : ''}.`, true];
    default: {
      const unreachable: never = entry.status;
      return unreachable;
    }
  }
}

function toolCallInput(entry: ToolCallEntry): Record<string, unknown> {
  if (entry.arguments) return entry.arguments;
  try {
    const parsed: unknown = JSON.parse(entry.argumentsText ?? '');
    if (isRecord(parsed)) return parsed;
  } catch {
    // Arguments cut off mid-stream are not JSON; the model only needs to know the call happened.
  }
  return {};
}

export function toolResultBlock(toolUseId: string, text: string, isError: boolean): Anthropic.ToolResultBlockParam {
  return {
    type: 'tool_result',
    tool_use_id: toolUseId,
    // An empty result is easy to misread as a missing one.
    content: text === '' ? '(no output)' : text,
    ...(isError ? { is_error: true } : {}),
  };
}

/**
 * The model's answer as request blocks, to send back in the next request of the same turn.
 * Thinking blocks go back unchanged, signature included, and first: the API requires them on a
 * tool-use round (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking).
 * Citations are left off the text: they point into search results the agent does not send back.
 */
export function assistantContentToParams(content: readonly Anthropic.ContentBlock[]): Block[] {
  return content.flatMap((block): Block[] => {
    switch (block.type) {
      case 'thinking':
        return [{ type: 'thinking', thinking: block.thinking, signature: block.signature }];
      case 'redacted_thinking':
        return [{ type: 'redacted_thinking', data: block.data }];
      case 'text':
        return block.text === '' ? [] : [{ type: 'text', text: block.text }];
      case 'tool_use':
        return [{ type: 'tool_use', id: block.id, name: block.name, input: block.input }];
      default:
        // The built-in agent offers no server tools; nothing else comes back.
        return [];
    }
  });
}

/**
 * Whether a request may ask for thinking. While thinking is on, the API wants the assistant
 * message whose tool calls the last message answers to start with its thinking; a history whose
 * last turn ended after a tool call (Stop, an interrupted call) has none, as thinking is not
 * replayed from the thread (it keeps no signatures), so such a request goes without.
 */
export function canRequestThinking(messages: readonly Anthropic.MessageParam[]): boolean {
  const last = messages.at(-1);
  const answersTools = Array.isArray(last?.content) && last.content.some((block) => block.type === 'tool_result');
  if (!answersTools) return true;
  const assistant = messages.at(-2);
  const first = Array.isArray(assistant?.content) ? assistant.content[0] : undefined;
  return first?.type === 'thinking' || first?.type === 'redacted_thinking';
}

function mergeConsecutiveRoles(pairs: ReadonlyArray<[Role, Block]>): Anthropic.MessageParam[] {
  const messages: Array<{ role: Role; content: Block[] }> = [];
  for (const [role, block] of pairs) {
    const last = messages.at(-1);
    if (last?.role === role) last.content.push(block);
    else messages.push({ role, content: [block] });
  }
  return messages;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
