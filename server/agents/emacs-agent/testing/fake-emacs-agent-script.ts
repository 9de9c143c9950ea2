/**
 * What the fake Emacs-Agent backend does with a prompt, chosen by keywords (whole words, any
 * case) in the prompt's LAST paragraph, so that a primed prompt (history first, the user's
 * message last) acts on what the user says now. First match wins:
 *
 *   error     an `error` event (LLM_API_ERROR) then `agent.state` error: the turn fails
 *   warn      a non-fatal `error` event (PERMISSION_DENIED), then more text and idle
 *   read      read_file notes.txt (asks approval unless the session auto-approves read-only
 *             tools); the result is the file, or a tool error when it does not exist
 *   write     write_file hello.txt, asking approval; approved: writes it in the project and sends
 *             `file.changed`; rejected: a `rejected` result
 *   slow      a text piece every 50 ms for 20 s, until interrupted: for Stop
 *   drop      cuts the event streams mid-frame mid-turn and sends the rest while the client is
 *             away: it must catch up with Last-Event-ID, losing nothing
 *   duplicate like drop, but the reconnected stream replays the whole log (a server ignoring
 *             Last-Event-ID): the client must drop what it already had, by id
 *   crash     the backend goes down mid-turn (stops listening, cuts every connection)
 *   unknown   an unknown event type, unknown fields, null optional fields, an event whose name
 *             disagrees with its data, then a normal answer
 *   garbage   a frame whose data is not JSON, then a normal answer
 *   otherwise thinking, a greeting that says how many prompts the session has had, idle
 *
 * `http500` (answered by the server before any script) makes the prompt request fail with 500.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EmacsAgentSseEvent } from '../../../../lib/protocol/emacs-agent/sse-events';
import { eventFrame, type FakeSession } from './fake-emacs-agent-session';

export interface ScriptHooks {
  /** The backend goes down (crash). */
  halt(): Promise<void>;
}

export const SCRIPT_KEYWORDS = ['error', 'warn', 'read', 'write', 'slow', 'drop', 'duplicate', 'crash', 'unknown', 'garbage'] as const;

export function scriptKeyword(prompt: string): string | undefined {
  const lastParagraph =
    prompt
      .trim()
      .split(/\n\s*\n/)
      .at(-1) ?? '';
  return SCRIPT_KEYWORDS.find((keyword) => new RegExp(`\\b${keyword}\\b`, 'i').test(lastParagraph));
}

/** Runs the prompt's script to its end (idle or error state); resolves when done. */
export async function runScript(session: FakeSession, prompt: string, hooks: ScriptHooks): Promise<void> {
  const abort = new AbortController();
  session.running = abort;
  const { signal } = abort;
  const emit = (event: EmacsAgentSseEvent) => session.emit(event);
  const say = (content: string) => emit({ type: 'message.delta', content, role: 'assistant' });
  let answer = '';
  const sayAndKeep = (content: string) => {
    answer += content;
    say(content);
  };
  try {
    emit({ type: 'agent.state', state: 'thinking', details: 'Analyzing the request...' });
    const keyword = scriptKeyword(prompt);
    switch (keyword) {
      case 'error':
        sayAndKeep('Let me ask the model. ');
        emit({ type: 'error', message: 'Rate limit exceeded', code: 'LLM_API_ERROR' });
        emit({ type: 'agent.state', state: 'error', details: 'The LLM API failed' });
        return;
      case 'warn':
        emit({ type: 'error', message: 'Failed to read file: Permission denied', code: 'PERMISSION_DENIED' });
        sayAndKeep('I could not read that file, carrying on.');
        break;
      case 'read':
        await readNotes(session, signal, sayAndKeep);
        break;
      case 'write':
        await writeHello(session, signal, sayAndKeep);
        break;
      case 'slow':
        for (let tick = 1; tick <= 400; tick += 1) {
          sayAndKeep(`tick ${tick} `);
          await sleep(50, signal);
        }
        break;
      case 'drop':
      case 'duplicate':
        for (const piece of ['one ', 'two ', 'three ']) sayAndKeep(piece);
        if (keyword === 'duplicate') session.replayAllOnNextConnect = true;
        await session.dropStreams(eventFrame(0, { type: 'message.delta', content: 'never whole', role: 'assistant' }).slice(0, 40));
        for (const piece of ['four ', 'five ', 'six.']) sayAndKeep(piece);
        break;
      case 'crash':
        sayAndKeep('Starting, then going down.');
        await hooks.halt();
        return;
      case 'unknown':
        session.emit({ raw: (id) => eventFrame(id, { type: 'tool.progress', tool_call_id: 'tc_x', percent: 50 }) });
        session.emit({ raw: (id) => eventFrame(id, { type: 'agent.state', state: 'thinking', details: null, mood: 'curious' }) });
        session.emit({ raw: (id) => eventFrame(id, { type: 'message.delta', content: 'mismatch', role: 'assistant' }, 'error') });
        sayAndKeep('Still here after the unknown events.');
        break;
      case 'garbage':
        session.emit({ raw: (id) => `id: ${id}\nevent: message.delta\ndata: {not json\n\n` });
        sayAndKeep('Still here after the garbage.');
        break;
      default:
        sayAndKeep('Hello from the fake Emacs-Agent. ');
        sayAndKeep(`This is prompt ${session.messages.filter((message) => message.role === 'user').length} of session ${session.id}.`);
    }
    emit({ type: 'agent.state', state: 'idle' });
  } catch (error) {
    if (!signal.aborted) throw error;
    emit({ type: 'agent.state', state: 'idle', details: 'Interrupted' });
  } finally {
    session.running = undefined;
    if (answer !== '') session.messages.push({ role: 'assistant', text: answer });
  }
}

async function readNotes(session: FakeSession, signal: AbortSignal, say: (text: string) => void): Promise<void> {
  const id = `tc_read_${session.messageCount}`;
  const requiresApproval = !session.init.autoApproveReadonly;
  session.emit({
    type: 'tool.call',
    tool_call_id: id,
    tool: 'read_file',
    params: { path: 'notes.txt' },
    requires_approval: requiresApproval,
  });
  if (requiresApproval) {
    session.emit({ type: 'agent.state', state: 'waiting_approval' });
    if ((await session.waitForApproval(id, signal)) === 'rejected') {
      session.emit({ type: 'tool.result', tool_call_id: id, status: 'rejected' });
      say('I will not read it then.');
      return;
    }
  }
  session.emit({ type: 'agent.state', state: 'tool_execution', details: 'read_file' });
  try {
    const text = await readFile(path.join(session.init.projectPath, 'notes.txt'), 'utf8');
    session.emit({ type: 'tool.result', tool_call_id: id, status: 'success', result: text });
    say(`notes.txt has ${text.length} characters.`);
  } catch (error) {
    session.emit({ type: 'tool.result', tool_call_id: id, status: 'error', message: `File not found: notes.txt (${String(error)})` });
    say('There is no notes.txt.');
  }
}

async function writeHello(session: FakeSession, signal: AbortSignal, say: (text: string) => void): Promise<void> {
  const id = `tc_write_${session.messageCount}`;
  const content = 'Hello from Emacs-Agent\n';
  session.emit({
    type: 'tool.call',
    tool_call_id: id,
    tool: 'write_file',
    params: { path: 'hello.txt', content },
    requires_approval: true,
  });
  session.emit({ type: 'agent.state', state: 'waiting_approval' });
  if ((await session.waitForApproval(id, signal)) === 'rejected') {
    if (signal.aborted) throw signal.reason;
    session.emit({ type: 'tool.result', tool_call_id: id, status: 'rejected' });
    say('Understood, I did not write it.');
    return;
  }
  session.emit({ type: 'agent.state', state: 'tool_execution', details: 'write_file' });
  await writeFile(path.join(session.init.projectPath, 'hello.txt'), content);
  session.filesChanged.add('hello.txt');
  session.emit({ type: 'tool.result', tool_call_id: id, status: 'success', result: `Wrote ${content.length} bytes to hello.txt` });
  session.emit({ type: 'file.changed', path: 'hello.txt', operation: 'write', timestamp: new Date().toISOString() });
  say('Done writing.');
}

/** Removes its abort listener when the time is up: the slow script sleeps 400 times on one signal. */
function sleep(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
