/**
 * Folds one `chat/contentReceived` into a thread's entries. Both the relay and the browser store
 * use it. Entries are never changed in place: a changed entry is a new object, the others stay the
 * same objects, so a renderer can tell what changed by identity.
 *
 * `applyChatContentInPlace` changes the array itself and says which positions it touched, so that
 * a streamed piece costs the same at any thread length: it touches only the entry it extends
 * (the last one, for text), and adjacent text pieces grow one chunk instead of adding chunks.
 * `applyChatContent` is the same fold on a copy of the array.
 */
import type { ChatContent, ChatRole } from '../protocol/eca-chat';
import type { ElicitationEntry } from '../protocol/elicitation';
import type { MessageChunk, MessageEntry, ReasoningEntry, ThreadEntry, ToolCallEntry } from '../protocol/thread-model';
import { approvalOfAnswer, approvalOfAutoRun, approvalOfRejection, foldTurnSummary, usageOf } from './review-entries';

/** A new array in which only what the content changed is new (the same array when nothing changed). */
export function applyChatContent(entries: readonly ThreadEntry[], role: ChatRole, content: ChatContent): ThreadEntry[] {
  const next = entries.slice();
  const changed = applyChatContentInPlace(next, role, content);
  return changed.length === 0 && next.length === entries.length ? (entries as ThreadEntry[]) : next;
}

/**
 * Folds the content into `entries` itself: replaces the entries it changes with new objects and
 * appends the ones it adds. Returns the positions it changed or added, ascending (none: nothing).
 */
export function applyChatContentInPlace(entries: ThreadEntry[], role: ChatRole, content: ChatContent): number[] {
  switch (content.type) {
    case 'text':
      // A prompt's choices are a user message's alone: a streamed piece of an answer makes no objects for them.
      return appendText(entries, role, content.text, role === 'user' ? promptChoices(content) : undefined, content.messageId);
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
        ...optional('approval', approvalOfAutoRun(content)),
        ...optional('boundary', content.boundary),
        summary: content.summary ?? previous?.summary,
        details: content.details ?? previous?.details,
      }));
    case 'toolCallRunning':
      return upsertToolCall(entries, content.id, (previous) => ({
        ...toolCallIdentity(content),
        ...previous,
        status: 'running',
        // Baton's streamed output (a running shell command): each chunk continues the last.
        ...(content.outputChunk === undefined ? {} : { streamedOutput: (previous?.streamedOutput ?? '') + content.outputChunk }),
        ...optional('boundary', content.boundary),
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
        ...optional('boundary', content.boundary),
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
        approval: approvalOfRejection(previous, content.reason),
        summary: content.summary ?? previous?.summary,
        details: content.details ?? previous?.details,
      }));
    case 'toolCallApproval': {
      // Only a call the thread holds can have been answered; an unknown id changes nothing.
      const index = findLast(entries, (entry) => entry.type === 'toolCall' && entry.id === content.id);
      if (index === -1) return [];
      const call = entries[index] as ToolCallEntry;
      entries[index] = { ...call, approval: approvalOfAnswer(content, call.approvalOptions) };
      return [index];
    }
    case 'reasonStarted':
      if (findReasoning(entries, content.id) !== -1) return [];
      return push(entries, reasoning(content.id, ''));
    case 'reasonText':
      // A tab that joined mid-thought never saw `reasonStarted`; the thought still shows.
      if (findReasoning(entries, content.id) === -1) return push(entries, reasoning(content.id, content.text));
      return updateReasoning(entries, content.id, (entry) => ({ ...entry, text: entry.text + content.text }));
    case 'reasonFinished':
      return updateReasoning(entries, content.id, (entry) => ({
        ...entry,
        status: 'finished',
        ...(content.totalTimeMs === undefined ? {} : { totalTimeMs: content.totalTimeMs }),
      }));
    case 'url':
      return push(entries, { type: 'link', title: content.title, url: content.url });
    case 'handOver':
      return push(entries, { type: 'handOver', from: content.from, to: content.to });
    case 'fileRead': {
      const { path, content: text, version, toolCallId } = content;
      return push(entries, { type: 'readFile', path, content: text, version, ...(toolCallId === undefined ? {} : { toolCallId }) });
    }
    case 'threadRewound':
      // Nothing changes; the entries after the point are gone.
      if (entries.length > content.toEntry) entries.length = content.toEntry;
      return [];
    case 'progress': {
      if (content.state !== 'finished') return [];
      // A thought that never heard `reasonFinished` is over all the same once the turn is.
      const finished = finishOpenReasoning(entries);
      // Only the relay's own end of a turn says how it ended; an agent's own `finished` does not.
      if (content.outcome === undefined) return finished;
      return [...finished, ...foldTurnSummary(entries, { outcome: content.outcome, ...optional('device', content.device) })];
    }
    case 'usage':
      return foldTurnSummary(entries, { usage: usageOf(content) });
    case 'elicitation': {
      const { type: _type, ...asked } = content;
      return push(entries, { type: 'elicitation', ...asked, status: 'pending' });
    }
    case 'elicitationAnswered': {
      const index = findLast(entries, (entry) => entry.type === 'elicitation' && entry.id === content.id);
      if (index === -1) return [];
      const asked = entries[index] as ElicitationEntry;
      entries[index] = {
        ...asked,
        status: content.outcome,
        ...optional('content', content.content),
        ...optional('device', content.device),
      };
      return [index];
    }
    // Titles are not entries.
    case 'metadata':
      return [];
    default: {
      const unreachable: never = content;
      return unreachable;
    }
  }
}

/** Marks every tool call that can no longer finish (the turn ended or the relay restarted). */
export function interruptOpenToolCalls(entries: readonly ThreadEntry[], reason: string): ThreadEntry[] {
  return entries.map((entry) => (entry.type === 'toolCall' && isOpenToolCall(entry) ? { ...entry, status: 'interrupted', reason } : entry));
}

export function isOpenToolCall(entry: ToolCallEntry): boolean {
  return entry.status === 'preparing' || entry.status === 'waiting-approval' || entry.status === 'running';
}

function finishOpenReasoning(entries: ThreadEntry[]): number[] {
  const changed: number[] = [];
  entries.forEach((entry, index) => {
    if (!isOpenReasoning(entry)) return;
    entries[index] = { ...entry, status: 'finished' };
    changed.push(index);
  });
  return changed;
}

function isOpenReasoning(entry: ThreadEntry): entry is ReasoningEntry {
  return entry.type === 'reasoning' && entry.status === 'thinking';
}

function reasoning(id: string, text: string): ReasoningEntry {
  return { type: 'reasoning', id, text, status: 'thinking' };
}

function push(entries: ThreadEntry[], entry: ThreadEntry): number[] {
  entries.push(entry);
  return [entries.length - 1];
}

/** From the end: the thought or call a piece belongs to is almost always among the last entries. */
function findLast(entries: readonly ThreadEntry[], matches: (entry: ThreadEntry) => boolean): number {
  for (let index = entries.length - 1; index >= 0; index -= 1) if (matches(entries[index] as ThreadEntry)) return index;
  return -1;
}

function findReasoning(entries: readonly ThreadEntry[], id: string): number {
  return findLast(entries, (entry) => entry.type === 'reasoning' && entry.id === id);
}

/** An unknown id changes nothing. */
function updateReasoning(entries: ThreadEntry[], id: string, update: (entry: ReasoningEntry) => ReasoningEntry): number[] {
  const index = findReasoning(entries, id);
  if (index === -1) return [];
  entries[index] = update(entries[index] as ReasoningEntry);
  return [index];
}

type PromptChoices = Pick<MessageEntry, 'contexts' | 'model'>;

function promptChoices(content: Extract<ChatContent, { type: 'text' }>): PromptChoices {
  return { ...optional('contexts', content.contexts), ...optional('model', content.model) };
}

/** `{[key]: value}`, or nothing when the value is absent: entries hold no `undefined` fields. */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function appendText(entries: ThreadEntry[], role: ChatRole, text: string, choices: PromptChoices = {}, messageId?: string): number[] {
  const messageRole = role === 'user' ? 'user' : 'assistant';
  const index = entries.length - 1;
  const last = entries[index];
  // A user prompt always starts a message of its own; assistant text continues the answer, unless
  // a tool call, a thought or a link came after it (then the reply is a new message below those),
  // or the agent said it starts another message (a new `messageId`).
  const sameMessage = messageId === undefined || (last?.type === 'message' && last.messageId === messageId);
  if (messageRole === 'assistant' && last?.type === 'message' && last.role === 'assistant' && sameMessage) {
    entries[index] = { ...last, chunks: appendToChunks(last.chunks, text) };
    return [index];
  }
  const extras = messageRole === 'user' ? choices : optional('messageId', messageId);
  return push(entries, { type: 'message', role: messageRole, chunks: [{ type: 'text', chunk: text }], ...extras });
}

/** A piece continues the last text chunk: a streamed answer is one chunk, not one per piece. */
function appendToChunks(chunks: readonly MessageChunk[], text: string): MessageChunk[] {
  const last = chunks.at(-1);
  if (last?.type !== 'text') return [...chunks, { type: 'text', chunk: text }];
  const next = chunks.slice();
  next[next.length - 1] = { type: 'text', chunk: last.chunk + text };
  return next;
}

/**
 * A message as stored before pieces were joined (a chunk per streamed piece) with its adjacent text
 * chunks joined; the same object when there is nothing to join. The text reads the same.
 */
export function joinAdjacentTextChunks<T extends Pick<MessageEntry, 'chunks'>>(message: T): T {
  const { chunks } = message;
  if (chunks.every((chunk, index) => index === 0 || chunk.type !== 'text' || chunks[index - 1]?.type !== 'text')) return message;
  const joined: MessageChunk[] = [];
  for (const chunk of chunks) {
    const last = joined.at(-1);
    if (last?.type === 'text' && chunk.type === 'text') joined[joined.length - 1] = { type: 'text', chunk: last.chunk + chunk.chunk };
    else joined.push(chunk);
  }
  return { ...message, chunks: joined };
}

type ToolCallIdentity = Pick<ToolCallEntry, 'type' | 'id' | 'name' | 'server' | 'origin'>;

function toolCallIdentity(content: { id: string; name: string; server: string; origin: ToolCallEntry['origin'] }): ToolCallIdentity {
  return { type: 'toolCall', id: content.id, name: content.name, server: content.server, origin: content.origin };
}

function upsertToolCall(
  entries: ThreadEntry[],
  toolCallId: string,
  update: (previous: ToolCallEntry | undefined) => ToolCallEntry,
): number[] {
  const index = findLast(entries, (entry) => entry.type === 'toolCall' && entry.id === toolCallId);
  if (index === -1) return push(entries, update(undefined));
  entries[index] = update(entries[index] as ToolCallEntry);
  return [index];
}
