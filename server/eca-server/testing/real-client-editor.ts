/**
 * An ECA editor for the server's tests that writes what real ECA editors write, byte for byte in
 * the ways that matter (seen from eca-emacs and eca-vscode): a `Content-Length` that counts a
 * trailing newline, `"params": null` on `initialized`, `shutdown` and `exit`, `null` for every
 * optional field it has no value for, a chat id it makes up itself (a UUID per chat buffer), a
 * numeric `request-id`, the current protocol's `agent` vocabulary, and the welcome message read
 * from the answer to `initialize`. It bypasses Baton's own schemas on the way out, which would
 * not let it send any of that; what comes back is read from the wire as the TestEditor keeps it.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestEditor } from './eca-editor';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Response {
  id: number;
  result?: unknown;
  error?: { code: number; message: string };
}

export class RealClientEditor {
  private nextId = 1;
  private promptCount = 0;
  /** What the answer to `initialize` said to show in a new chat. */
  welcome: string | undefined;

  constructor(readonly editor: TestEditor) {}

  /** Writes one message as eca-emacs does: the length counts the newline after the body. */
  send(message: { [key: string]: Json }): void {
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    this.editor.link.toServer.write(`Content-Length: ${Buffer.byteLength(body) + 1}\r\n\r\n${body}\n`);
  }

  notify(method: string, params: Json): void {
    this.send({ method, params });
  }

  /** Sends a request and resolves with the whole response (result or error) once it comes. */
  async request(method: string, params: Json): Promise<Response> {
    const id = this.nextId++;
    this.send({ method, params, id });
    return (await this.editor.message(
      (message) => isRecord(message) && message.id === id && !('method' in message),
      `the answer to ${method} (${id})`,
    )) as Response;
  }

  /** As eca-emacs starts: initialize with a null chatAgent, keep the welcome, then `initialized` with null params. */
  async start(workspace: string): Promise<Response> {
    const answer = await this.request('initialize', {
      processId: process.pid,
      clientInfo: { name: 'emacs', version: '30.1' },
      capabilities: { codeAssistant: { chat: true, chatCapabilities: { askQuestion: true }, editor: { diagnostics: true } } },
      initializationOptions: { chatAgent: null },
      workspaceFolders: [{ uri: pathToFileURL(workspace).href, name: path.basename(workspace) }],
    });
    const result = answer.result as { chatWelcomeMessage?: string } | undefined;
    this.welcome = result?.chatWelcomeMessage;
    this.notify('initialized', null);
    return answer;
  }

  /** A chat id as a chat buffer makes one, before its first prompt. */
  newChatId(): string {
    return randomUUID();
  }

  /** `chat/prompt` as eca-emacs sends it: nulls for the model and contexts it has none of. */
  prompt(chatId: string, message: string, choice: { agent?: string; model?: string } = {}): Promise<Response> {
    return this.request('chat/prompt', {
      message,
      'request-id': ++this.promptCount,
      chatId,
      model: choice.model ?? null,
      agent: choice.agent ?? null,
      contexts: [],
    });
  }

  async shutdownAndExit(): Promise<Response> {
    const answer = await this.request('shutdown', null);
    this.notify('exit', null);
    return answer;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
