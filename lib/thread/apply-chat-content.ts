/**
 * Folds one `chat/contentReceived` into a thread's entries. Pure: returns a new array in which
 * only the entries that changed are new objects, so the relay can persist exactly those and the
 * browser store can re-render exactly those. Both sides use this one function.
 */
import type { ChatContent, ChatRole } from '../protocol/eca-chat';
import type { ReasoningEntry, ThreadEntry, ToolCallEntry } from '../protocol/acp-threads';

export function applyChatContent(
  entries: readonly ThreadEntry[],
  role: ChatRole,
  content: ChatContent,
): ThreadEntry[] {
  switch (content.type) {
    case 'text':
      return appendText(entries, role, content.text);
    case 'toolCallPrepare':
      return upsertToolCall(entries, content.id, (previous) => ({
        ...toolCallIdentity(content),
        ...previous,
        status: 'preparing',
        argumentsText: (previous?.argumentsText ?? '') + content.argumentsText,
        summary: content.summary ?? previous?.summary,
        details: content.details ?? previous?.details,
      }));
    case 'toolCallRun':
      return upsertToolCall(entries, content.id, (previous) => ({
        ...toolCallIdentity(content),
        ...previous,
        status: content.manualApproval ? 'waiting-approval' : 'running',
        arguments: content.arguments,
        manualApproval: content.manualApproval,
        ...(content.approvalOptions === undefined ? {} : { approvalOptions: content.approvalOptions }),
        summary: content.summary ?? previous?.summary,
        details: content.details ?? previous?.details,
      }));
    case 'toolCallRunning':
      return upsertToolCall(entries, content.id, (previous) => ({
        ...toolCallIdentity(content),
        ...previous,
        status: 'running',
        // Baton's streamed output (a running shell command): each chunk continues the last.
        ...(content.outputChunk === undefined
          ? {}
          : { streamedOutput: (previous?.streamedOutput ?? '') + content.outputChunk }),
        summary: content.summary ?? previous?.summary,
        details: content.details ?? previous?.details,
      }));
    case 'toolCalled':
      return upsertToolCall(entries, content.id, (previous) => ({
        ...toolCallIdentity(content),
        ...previous,
        status: content.error ? 'failed' : 'succeeded',
        outputText: content.outputs.map((output) => output.text).join('\n'),
        totalTimeMs: content.totalTimeMs,
        summary: content.summary ?? previous?.summary,
        details: content.details ?? previous?.details,
      }));
    case 'toolCallRejected':
      return upsertToolCall(entries, content.id, (previous) => ({
        ...toolCallIdentity(content),
        ...previous,
        status: 'rejected',
        // A call the approval policy refuses is rejected without a toolCallRun before it.
        arguments: content.arguments,
        reason: content.reason,
        summary: content.summary ?? previous?.summary,
        details: content.details ?? previous?.details,
      }));
    case 'reasonStarted':
      if (findReasoning(entries, content.id) !== -1) return entries as ThreadEntry[];
      return [...entries, reasoning(content.id, '')];
    case 'reasonText':
      // A tab that joined mid-thought never saw `reasonStarted`; the thought still shows.
      if (findReasoning(entries, content.id) === -1) return [...entries, reasoning(content.id, content.text)];
      return updateReasoning(entries, content.id, (entry) => ({ ...entry, text: entry.text + content.text }));
    case 'reasonFinished':
      return updateReasoning(entries, content.id, (entry) => ({
        ...entry,
        status: 'finished',
        ...(content.totalTimeMs === undefined ? {} : { totalTimeMs: content.totalTimeMs }),
      }));
    case 'url':
      return [...entries, { type: 'link', title: content.title, url: content.url }];
    case 'handOver':
      return [...entries, { type: 'handOver', from: content.from, to: content.to }];
    case 'progress':
      // A thought that never heard `reasonFinished` is over all the same once the turn is.
      return content.state === 'finished' ? finishOpenReasoning(entries) : (entries as ThreadEntry[]);
    // Usage and titles are not entries.
    case 'usage':
    case 'metadata':
      return entries as ThreadEntry[];
    default: {
      const unreachable: never = content;
      return unreachable;
    }
  }
}

/** Marks every tool call that can no longer finish (the turn ended or the relay restarted). */
export function interruptOpenToolCalls(
  entries: readonly ThreadEntry[],
  reason: string,
): ThreadEntry[] {
  return entries.map((entry) =>
    entry.type === 'toolCall' && isOpenToolCall(entry)
      ? { ...entry, status: 'interrupted', reason }
      : entry,
  );
}

export function isOpenToolCall(entry: ToolCallEntry): boolean {
  return entry.status === 'preparing' || entry.status === 'waiting-approval' || entry.status === 'running';
}

function finishOpenReasoning(entries: readonly ThreadEntry[]): ThreadEntry[] {
  if (!entries.some(isOpenReasoning)) return entries as ThreadEntry[];
  return entries.map((entry) => (isOpenReasoning(entry) ? { ...entry, status: 'finished' } : entry));
}

function isOpenReasoning(entry: ThreadEntry): entry is ReasoningEntry {
  return entry.type === 'reasoning' && entry.status === 'thinking';
}

function reasoning(id: string, text: string): ReasoningEntry {
  return { type: 'reasoning', id, text, status: 'thinking' };
}

function findReasoning(entries: readonly ThreadEntry[], id: string): number {
  return entries.findIndex((entry) => entry.type === 'reasoning' && entry.id === id);
}

/** An unknown id changes nothing, and the same array comes back. */
function updateReasoning(
  entries: readonly ThreadEntry[],
  id: string,
  update: (entry: ReasoningEntry) => ReasoningEntry,
): ThreadEntry[] {
  const index = findReasoning(entries, id);
  if (index === -1) return entries as ThreadEntry[];
  const next = [...entries];
  next[index] = update(entries[index] as ReasoningEntry);
  return next;
}

function appendText(entries: readonly ThreadEntry[], role: ChatRole, text: string): ThreadEntry[] {
  const messageRole = role === 'user' ? 'user' : 'assistant';
  const last = entries.at(-1);
  // A user prompt always starts a message of its own; assistant text continues the answer, unless
  // a tool call, a thought or a link came after it: then the reply is a new message below those.
  if (messageRole === 'assistant' && last?.type === 'message' && last.role === 'assistant') {
    const updated: ThreadEntry = { ...last, chunks: [...last.chunks, { type: 'text', chunk: text }] };
    return [...entries.slice(0, -1), updated];
  }
  return [...entries, { type: 'message', role: messageRole, chunks: [{ type: 'text', chunk: text }] }];
}

type ToolCallIdentity = Pick<ToolCallEntry, 'type' | 'id' | 'name' | 'server' | 'origin'>;

function toolCallIdentity(content: {
  id: string;
  name: string;
  server: string;
  origin: ToolCallEntry['origin'];
}): ToolCallIdentity {
  return { type: 'toolCall', id: content.id, name: content.name, server: content.server, origin: content.origin };
}

function upsertToolCall(
  entries: readonly ThreadEntry[],
  toolCallId: string,
  update: (previous: ToolCallEntry | undefined) => ToolCallEntry,
): ThreadEntry[] {
  const index = entries.findIndex((entry) => entry.type === 'toolCall' && entry.id === toolCallId);
  if (index === -1) return [...entries, update(undefined)];
  const next = [...entries];
  next[index] = update(entries[index] as ToolCallEntry);
  return next;
}
