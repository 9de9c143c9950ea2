/**
 * Emacs-Agent's events (specs/emacs-agent-http-sse.md, "Event Types") in ECA chat contents
 * (lib/protocol/eca/chat-content.ts), as pure functions; emacs-agent-turn.ts applies them in
 * order and adds what needs the relay (approvals, the workspace).
 *
 *   message.delta          text
 *   tool.call              toolCallRun (through the PermissionGate when it requires approval),
 *                          then toolCallRunning once it may run
 *   tool.result            toolCalled (error: true for status "error"), or toolCallRejected
 *   file.changed           the call's toolCalled again, now with its fileChange details; a change
 *                          no call explains gets a card of its own
 *   agent.state            progress "running" with what the agent does; idle ends the turn;
 *                          error fails it
 *   error                  says the error in the answer, or fails the turn when agent.state
 *                          error follows
 */
import type { ChatContentInput, FileChangeDetails } from '../../../lib/protocol/eca-chat';
import type { EmacsAgentState } from '../../../lib/protocol/emacs-agent/agent-state';
import type { EmacsAgentSseEvent } from '../../../lib/protocol/emacs-agent/sse-events';

type EventOf<T extends EmacsAgentSseEvent['type']> = Extract<EmacsAgentSseEvent, { type: T }>;

/** "Tool Execution Safety": the tools the spec calls read-only (auto-approved). */
export const READ_ONLY_TOOLS: ReadonlySet<string> = new Set(['read_file', 'search_files', 'git_status', 'lsp_diagnostics']);

export interface MappedToolCall {
  origin: 'native';
  id: string;
  name: string;
  /** The backend's name in config.json: its tools are its own, whichever MCP server runs them. */
  server: string;
  summary: string;
  details?: FileChangeDetails;
  arguments: Record<string, unknown>;
}

export function mapToolCall(event: EventOf<'tool.call'>, server: string, details?: FileChangeDetails): MappedToolCall {
  const target = typeof event.params.path === 'string' ? ` ${event.params.path}` : '';
  return {
    origin: 'native',
    id: event.tool_call_id,
    name: event.tool,
    server,
    summary: `${event.tool}${target}`,
    ...(details ? { details } : {}),
    arguments: event.params,
  };
}

export function textContent(event: EventOf<'message.delta'>): ChatContentInput {
  return { type: 'text', text: event.content };
}

/** A result for a call that was reported (or is made up for one that was not: `call`). */
export function toolResultContent(event: EventOf<'tool.result'>, call: MappedToolCall, totalTimeMs?: number): ChatContentInput {
  if (event.status === 'rejected') return { type: 'toolCallRejected', ...call, reason: 'user-choice' };
  const text =
    event.status === 'error'
      ? (event.message ?? resultText(event.result) ?? 'The tool failed.')
      : (resultText(event.result) ?? event.message ?? '');
  return {
    type: 'toolCalled',
    ...call,
    error: event.status === 'error',
    outputs: [{ type: 'text', text }],
    ...(totalTimeMs === undefined ? {} : { totalTimeMs }),
  };
}

/** A call the turn never saw (its tool.call came before Baton listened): named by its id alone. */
export function unknownCall(toolCallId: string, server: string): MappedToolCall {
  return { origin: 'native', id: toolCallId, name: 'tool', server, summary: `tool call ${toolCallId}`, arguments: {} };
}

/** A file the backend changed with no call Baton saw: shown as a card of its own, without a diff. */
export function fileChangedContent(event: EventOf<'file.changed'>, id: string, server: string): ChatContentInput {
  return {
    type: 'toolCalled',
    origin: 'native',
    id,
    name: event.operation,
    server,
    summary: `${event.operation} ${event.path}`,
    arguments: { path: event.path },
    error: false,
    outputs: [{ type: 'text', text: `The backend changed ${event.path} (${event.operation}) at ${event.timestamp}.` }],
  };
}

/** What the status line says while the agent works; undefined for the states that end a turn. */
export function progressContent(event: EventOf<'agent.state'>): ChatContentInput | undefined {
  const said: Partial<Record<EmacsAgentState, string>> = {
    thinking: 'Thinking',
    tool_execution: 'Running a tool',
    waiting_approval: 'Waiting for approval',
  };
  const text = said[event.state];
  if (text === undefined) return undefined;
  return { type: 'progress', state: 'running', text: event.details ?? `${text}…` };
}

/** An `error` event in words: "Rate limit exceeded (LLM_API_ERROR)". */
export function errorText(event: EventOf<'error'>): string {
  return event.code === undefined ? event.message : `${event.message} (${event.code})`;
}

/** A non-fatal error, said where it happened in the answer. */
export function errorContent(event: EventOf<'error'>, agentName: string): ChatContentInput {
  return { type: 'text', text: `\n\n> **${agentName} reported an error:** ${errorText(event)}\n\n` };
}

function resultText(result: unknown): string | undefined {
  if (result === undefined) return undefined;
  return typeof result === 'string' ? result : JSON.stringify(result, null, 2);
}
