/**
 * An ECA editor for the ECA server's tests, talking to the server as any ECA editor would: Baton's
 * own JSON-RPC engine over Content-Length framing. It keeps every message the server sent, as it
 * was on the wire, and every wait is bounded and says what it waited for, with the server's log,
 * when it gives up.
 */
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { ChatContent, ChatContentReceivedParams } from '../../../lib/protocol/eca-chat';
import { ecaProtocol, type EcaProtocol } from '../../../lib/protocol/eca/eca-protocol';
import type { InitializeParams } from '../../../lib/protocol/eca/lifecycle';
import type { RpcError } from '../../../lib/rpc/errors';
import { contentLengthFraming } from '../../../lib/rpc/framing/content-length-reader';
import type { FramingError } from '../../../lib/rpc/framing/framing-error';
import { RpcConnection } from '../../../lib/rpc/rpc-connection';
import { createStdioTransport } from '../../rpc/stdio-transport';

/** Generous: the first start compiles TypeScript on a busy machine. Only a hang should reach it. */
export const WAIT_LIMIT_MS = 25_000;

/** Where a test editor's messages go and come from, and what to say when a wait gives up. */
export interface EditorLink {
  /** The server's output: the editor reads it. */
  fromServer: Readable;
  /** The server's input: the editor writes it. */
  toServer: Writable;
  /** The server's log so far. */
  log(): string;
  /** True once the server has ended, so waits for more fail at once. */
  hasEnded(): boolean;
}

/** Resolves with `promise`, or rejects naming `what` (and showing the log) once the limit passes. */
export async function within<T>(promise: Promise<T>, what: string, log: () => string = () => ''): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Gave up waiting for ${what}.\nServer log:\n${log()}`)), WAIT_LIMIT_MS);
  });
  try {
    return await Promise.race([promise, limit]);
  } finally {
    clearTimeout(timer);
  }
}

type Notification = { method: string; params: unknown };

/** An ECA editor: sends requests and notifications, keeps every message the server sent. */
export class TestEditor {
  readonly connection: RpcConnection<EcaProtocol>;
  /** Every message the server sent, in order, exactly as it was on the wire (before any schema). */
  readonly received: unknown[] = [];
  readonly contents: ChatContentReceivedParams[] = [];
  /** Bytes from the server that made no message: anything but protocol on its stdout shows here. */
  readonly framingErrors: FramingError[] = [];
  /** What the editor's connection could not use: stray responses, bad notifications. */
  readonly protocolErrors: RpcError[] = [];
  private readonly waiters = new Set<() => void>();

  constructor(readonly link: EditorLink) {
    const transport = createStdioTransport({
      input: link.fromServer,
      output: link.toServer,
      framing: contentLengthFraming,
      onFramingError: (error) => this.framingErrors.push(error),
    });
    this.connection = new RpcConnection(ecaProtocol, transport, {
      cancellation: { notification: '$/cancelRequest' },
      requestTimeoutMs: WAIT_LIMIT_MS,
      // Answers to raw requests and -32700s also land here; tests look for them in `received`.
      onProtocolError: (error) => this.protocolErrors.push(error),
    });
    const deliver = transport.onmessage;
    transport.onmessage = (message) => {
      this.received.push(message);
      deliver?.(message);
      this.wake();
    };
    const close = transport.onclose;
    transport.onclose = (reason) => {
      close?.(reason);
      this.wake();
    };
    this.connection.onNotification('chat/contentReceived', (params) => this.contents.push(params));
    for (const method of ['config/updated', 'tool/serverUpdated', '$/showMessage'] as const) {
      this.connection.onNotification(method, () => undefined);
    }
  }

  /** Notifications only, as they were on the wire. */
  get notifications(): Notification[] {
    return this.received.filter(isNotification);
  }

  /** `initialize` with the workspace as its one folder (none when undefined), then `initialized`. */
  async start(workspace: string | undefined, overrides: Partial<InitializeParams> = {}): Promise<unknown> {
    const result = await within(
      this.connection.request('initialize', {
        processId: process.pid,
        clientInfo: { name: 'baton-eca-server-test', version: '1' },
        capabilities: { codeAssistant: { chat: true } },
        workspaceFolders: workspace ? [{ uri: pathToFileURL(workspace).href, name: path.basename(workspace) }] : [],
        ...overrides,
      }),
      'the answer to initialize',
      this.link.log,
    );
    this.connection.notify('initialized', {});
    return result;
  }

  /** The first message from the server that `matches`, waiting for it when it has not come yet. */
  message(matches: (message: unknown) => boolean, what: string): Promise<unknown> {
    return this.until(() => this.received.find(matches), what);
  }

  /** The params of the first notification of `method` that `matches`, from index `since` of `notifications` on. */
  notification(method: string, matches: (params: unknown) => boolean = () => true, since = 0): Promise<unknown> {
    return this.until(() => this.notifications.slice(since).find((item) => item.method === method && matches(item.params))?.params, method);
  }

  /**
   * The first content of the chat that `matches`, waiting for it when it has not come yet; only
   * contents from index `since` of `contents` on count (a later turn's, say).
   */
  content<T extends ChatContent['type']>(
    chatId: string,
    type: T,
    matches: (content: Extract<ChatContent, { type: T }>) => boolean = () => true,
    since = 0,
  ): Promise<Extract<ChatContent, { type: T }>> {
    return this.until(() => {
      for (const { chatId: id, content } of this.contents.slice(since)) {
        if (id === chatId && content.type === type && matches(content as Extract<ChatContent, { type: T }>)) {
          return content as Extract<ChatContent, { type: T }>;
        }
      }
      return undefined;
    }, `a ${type} content in chat ${chatId}`);
  }

  /** Sends `shutdown` then `exit`; resolves with the answer to `shutdown`. */
  async shutdownAndExit(): Promise<unknown> {
    const result = await within(this.connection.request('shutdown', undefined), 'the answer to shutdown', this.link.log);
    this.connection.notify('exit', undefined);
    return result;
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** What `find` finds in what has come so far, waiting for more messages until it finds something. */
  until<T>(find: () => T | undefined, what: string): Promise<T> {
    let check: () => void = () => undefined;
    const found = new Promise<T>((resolve, reject) => {
      check = () => {
        const value = find();
        if (value !== undefined) resolve(value);
        else if (this.connection.isClosed || this.link.hasEnded())
          reject(new Error(`The server ended before ${what} came.\n${this.link.log()}`));
      };
      this.waiters.add(check);
      check();
    });
    return within(found, what, this.link.log).finally(() => this.waiters.delete(check));
  }
}

function isNotification(message: unknown): message is Notification {
  return typeof message === 'object' && message !== null && 'method' in message && !('id' in message);
}
