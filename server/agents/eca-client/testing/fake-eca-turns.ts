/**
 * The fake ECA server's scripted contents (fake-eca-server.ts): thoughts, usage, tool calls, the
 * call that waits for approval, and the contents with nulls and unknown types, in v1 or v2 shapes.
 */
import { randomUUID } from 'node:crypto';
import { notify } from './fake-eca-wire';

/** `--protocol=1`: v1 shapes throughout. */
export const v1 = process.argv.includes('--protocol=1');
/** `--protocol=current`: today's ECA server (agents, nulls for "none", newer contents). */
export const current = process.argv.includes('--protocol=current');
export const log = (text: string) => process.stderr.write(`fake eca: ${text}\n`);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Answer = 'approved' | 'approved-for-session' | 'rejected';

export interface Chat {
  id: string;
  stopped: boolean;
  /** A `chat/promptSteer` message the running turn has not taken yet. */
  steering?: string;
  /** Answers to the chat's tool calls waiting for approval. */
  approvals: Map<string, (answer: Answer) => void>;
}

export function content(chat: Chat, role: string, body: Record<string, unknown>): void {
  notify('chat/contentReceived', { chatId: chat.id, role, content: body });
}

export function reasoning(chat: Chat, id: string, text: string): void {
  content(chat, 'assistant', { type: 'reasonStarted', id });
  content(chat, 'assistant', { type: 'reasonText', id, text });
  content(chat, 'assistant', v1 ? { type: 'reasonFinished', id } : { type: 'reasonFinished', id, totalTimeMs: 12 });
}

export function usage(chat: Chat): void {
  content(
    chat,
    'assistant',
    v1
      ? { type: 'usage', sessionTokens: 120, messageInputTokens: 100, messageOutputTokens: 20, messageCost: '$0.01', sessionCost: '$0.02' }
      : { type: 'usage', sessionTokens: 120, lastMessageCost: '$0.01', sessionCost: '$0.02', limit: { context: 200000, output: 8000 } },
  );
}

function output(text: string) {
  return v1 ? { type: 'text', content: text } : { type: 'text', text };
}

export function toolCall(chat: Chat, id: string, name: string, args: Record<string, unknown>, result: string, details?: unknown): void {
  const base = { origin: 'native', id, name, ...(v1 ? {} : { server: 'ECA' }) };
  content(chat, 'assistant', {
    type: 'toolCallPrepare',
    ...base,
    argumentsText: JSON.stringify(args),
    ...(v1 ? { manualApproval: false } : {}),
  });
  content(chat, 'assistant', { type: 'toolCallRun', ...base, arguments: args, manualApproval: false });
  if (!v1) content(chat, 'assistant', { type: 'toolCallRunning', ...base, arguments: args });
  content(chat, 'assistant', {
    type: 'toolCalled',
    ...base,
    arguments: args,
    error: false,
    outputs: [output(result)],
    ...(v1 ? {} : { totalTimeMs: 3 }),
    ...(details ? { details } : {}),
  });
}

export async function writeFile(chat: Chat): Promise<void> {
  const id = `call-${randomUUID()}`;
  const args = { path: 'notes.md', content: 'hello\n' };
  const details = { type: 'fileChange', path: 'notes.md', diff: '@@ -0,0 +1 @@\n+hello', linesAdded: 1, linesRemoved: 0 };
  const base = { origin: 'native', id, name: 'write_file', ...(v1 ? {} : { server: 'ECA' }), summary: 'Writing notes.md' };
  content(chat, 'assistant', {
    type: 'toolCallPrepare',
    ...base,
    argumentsText: JSON.stringify(args),
    ...(v1 ? { manualApproval: true } : {}),
  });
  const approved = new Promise<Answer>((resolve) => chat.approvals.set(id, resolve));
  content(chat, 'assistant', { type: 'toolCallRun', ...base, arguments: args, manualApproval: true, details });
  const answer = await Promise.race([approved, waitForStop(chat)]);
  chat.approvals.delete(id);
  if (answer === undefined) return;
  if (answer === 'rejected') {
    content(chat, 'assistant', { type: 'toolCallRejected', ...base, arguments: args, reason: v1 ? 'user' : 'user-choice' });
    content(chat, 'assistant', { type: 'text', text: 'Not written.' });
    return;
  }
  if (!v1) content(chat, 'assistant', { type: 'toolCallRunning', ...base, arguments: args });
  content(chat, 'assistant', {
    type: 'toolCalled',
    ...base,
    arguments: args,
    error: false,
    outputs: [output('Wrote notes.md')],
    details,
    ...(v1 ? {} : { totalTimeMs: 4 }),
  });
  content(chat, 'assistant', {
    type: 'text',
    text: answer === 'approved-for-session' ? 'Written (approved for the session).' : 'Written.',
  });
}

async function waitForStop(chat: Chat): Promise<undefined> {
  while (!chat.stopped) await sleep(20);
  return undefined;
}

export async function nulls(chat: Chat): Promise<void> {
  content(chat, 'assistant', { type: 'reasonStarted', id: 'rn' });
  content(chat, 'assistant', { type: 'reasonFinished', id: 'rn', totalTimeMs: null });
  content(chat, 'assistant', { type: 'hookStarted', id: 'h1', name: 'pre-commit' });
  notify('chat/somethingNew', { chatId: chat.id, surprise: true });
  const base = { origin: 'native', id: 'call-null', name: 'read_file', server: 'ECA', summary: null, details: null };
  content(chat, 'assistant', { type: 'toolCallRun', ...base, arguments: { path: 'a.txt' }, manualApproval: false });
  content(chat, 'assistant', {
    type: 'toolCalled',
    ...base,
    arguments: { path: 'a.txt', limit: null },
    error: false,
    outputs: [{ type: 'text', text: 'a', content: null }],
    totalTimeMs: null,
  });
  content(chat, 'assistant', { type: 'text', text: 'Nulls survived.' });
}

/** Contents only today's protocol has: an image, a flag, a hook, a provider-side tool with shell details. */
export function newer(chat: Chat): void {
  content(chat, 'assistant', { type: 'image', mediaType: 'image/png', base64: 'iVBORw0KGgo=' });
  content(chat, 'system', { type: 'flag', text: 'Checkpoint', contentId: 'flag-1' });
  content(chat, 'system', { type: 'hookActionStarted', id: 'hook-1', name: 'lint', actionType: 'shell' });
  const base = { origin: 'server', id: 'call-web', name: 'web_search', server: 'provider', summary: null };
  const details = { type: 'shellCommand', commands: [{ command: 'ls', args: [] }] };
  content(chat, 'assistant', { type: 'toolCallRun', ...base, arguments: { query: 'eca' }, manualApproval: false, details });
  content(chat, 'assistant', { type: 'toolCallRejected', ...base, arguments: { query: 'eca' }, reason: 'userConfigDeny', details });
  content(chat, 'assistant', { type: 'text', text: 'Newer survived.', contentId: null });
}
