/**
 * One external ECA server process (`eca server`, or `baton eca-server`) and the JSON-RPC
 * connection to it over Content-Length framed stdio: the lifecycle (specs/eca-protocol-v2.md,
 * "Lifecycle Messages"), the server's notifications and requests, and what to tell the user once
 * it has gone. Framing errors and unknown notifications are logged and reading goes on.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import type { ChatConfigSchema } from '../../../lib/protocol/eca/config';
import { ecaClientProtocol, type EcaClientProtocol } from '../../../lib/protocol/eca/eca-client-protocol';
import type { InitializeResult } from '../../../lib/protocol/eca/lifecycle';
import type { ShowMessageParams } from '../../../lib/protocol/eca/show-message';
import type { ToolServerUpdatedParams } from '../../../lib/protocol/eca/tool-servers';
import { ConnectionError } from '../../../lib/rpc/errors';
import { contentLengthFraming } from '../../../lib/rpc/framing/content-length-reader';
import { RpcConnection } from '../../../lib/rpc/rpc-connection';
import { AgentUnavailableError } from '../agent-backend';
import type { AgentFactoryContext } from '../agent-factory';
import type { StdioAgentEntry } from '../agents-config';
import { type AgentChild, startAgentChild } from '../external/agent-child';
import { agentLog } from '../external/agent-log';
import { ChatRouter } from './chat-router';

export type ServerChatConfig = z.output<typeof ChatConfigSchema>;

export interface EcaServerEvents {
  /** `config/updated`, or the v1 fields of the answer to `initialize`. */
  onConfig(config: ServerChatConfig): void;
  onToolServer(update: ToolServerUpdatedParams): void;
  onShowMessage(message: ShowMessageParams): void;
}

/** How long `initialize` may take: a real server may index the project first. */
const INITIALIZE_TIMEOUT_MS = 60_000;
const SHUTDOWN_TIMEOUT_MS = 2_000;
/** After the server's output closes, how long its exit may take before it is stopped. */
const EXIT_AFTER_CLOSE_MS = 1_000;

export class EcaServerConnection {
  readonly router: ChatRouter;
  /** Settles once the server has gone, with what to tell the user. */
  readonly gone: Promise<string>;
  private goneReason: string | undefined;
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly child: AgentChild,
    readonly rpc: RpcConnection<EcaClientProtocol>,
    private readonly name: string,
    private readonly log: (message: string) => void,
  ) {
    this.router = new ChatRouter(log);
    this.gone = new Promise<string>((resolve) => {
      // The exit can be seen before the last stderr lines are read: its output closing comes after them.
      const outputClosed = new Promise<void>((closed) => rpc.onClose(() => closed()));
      void child.process.exited.then(async (exit) => {
        await Promise.race([outputClosed, new Promise((settle) => setTimeout(settle, EXIT_AFTER_CLOSE_MS))]);
        resolve(child.describeExit(exit));
      });
      rpc.onClose(() => {
        const timer = setTimeout(() => {
          log('the server closed its output but did not exit; stopping it');
          void child.process.shutdown();
          resolve(`${name} stopped answering (its output closed).`);
        }, EXIT_AFTER_CLOSE_MS);
        void child.process.exited.then(() => clearTimeout(timer));
      });
    });
    void this.gone.then((reason) => {
      this.goneReason = reason;
      rpc.close();
      for (const turn of this.router.running) turn.fail(new AgentUnavailableError(reason));
    });
  }

  static async start(entry: StdioAgentEntry, context: AgentFactoryContext, events: EcaServerEvents): Promise<EcaServerConnection> {
    const log = agentLog(context);
    const child = await startAgentChild(entry, context, {
      framing: contentLengthFraming,
      onFramingError: (error) => log(`unreadable bytes from the server (${error.kind}): ${error.message}; reading goes on`),
    });
    const rpc = new RpcConnection(ecaClientProtocol, child.process.transport, {
      cancellation: { notification: '$/cancelRequest' },
      onProtocolError: (error) => log(`ignored a message from the server (${error.code}): ${error.message}`),
    });
    const server = new EcaServerConnection(child, rpc, context.name, log);
    rpc.onNotification('chat/contentReceived', (params) => server.router.deliver(params));
    rpc.onNotification('config/updated', (params) => {
      if (params.chat) events.onConfig(params.chat);
    });
    rpc.onNotification('tool/serverUpdated', (params) => events.onToolServer(params));
    rpc.onNotification('$/showMessage', (params) => events.onShowMessage(params));
    // Baton has no editor diagnostics to give; an empty list is the honest answer.
    rpc.onRequest('editor/getDiagnostics', () => ({ diagnostics: [] }));
    await server.initialize(context.workspace.root, events);
    return server;
  }

  get isAlive(): boolean {
    return this.goneReason === undefined && this.closing === undefined;
  }

  /**
   * The error a turn should fail with after a request failed: the server's exit when that is
   * why, else the request's own failure.
   */
  async explain(error: unknown, what: string): Promise<Error> {
    if (error instanceof ConnectionError && error.code === 'closed') {
      return new AgentUnavailableError(await this.gone, { cause: error });
    }
    const detail = error instanceof Error ? error.message : String(error);
    return new Error(`${this.name} could not ${what}: ${detail}`, { cause: error });
  }

  /** `shutdown` then `exit` (specs/eca-protocol-v2.md, "Shutdown flow"), then the process in stages. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.goneReason === undefined && !this.rpc.isClosed) {
        try {
          await this.rpc.request('shutdown', undefined, { timeoutMs: SHUTDOWN_TIMEOUT_MS });
          this.rpc.notify('exit', undefined);
        } catch (error) {
          this.log(`shutdown was not answered (${error instanceof Error ? error.message : String(error)}); stopping the process`);
        }
      }
      await this.child.process.shutdown();
    })();
    return this.closing;
  }

  /** Stops the process at once (in stages), without the protocol's goodbye: for a server that ignores Stop. */
  async kill(): Promise<void> {
    this.closing ??= this.child.process.shutdown().then(() => undefined);
    await this.closing;
  }

  private async initialize(workspaceRoot: string, events: EcaServerEvents): Promise<void> {
    let result: InitializeResult;
    try {
      result = await this.rpc.request(
        'initialize',
        {
          processId: process.pid,
          clientInfo: { name: 'baton' },
          capabilities: { codeAssistant: { chat: true, editor: { diagnostics: true } } },
          workspaceFolders: [{ uri: pathToFileURL(workspaceRoot).href, name: path.basename(workspaceRoot) }],
        },
        { timeoutMs: INITIALIZE_TIMEOUT_MS },
      );
    } catch (error) {
      const failure = await this.explain(error, 'start');
      await this.kill();
      throw failure instanceof AgentUnavailableError ? failure : new AgentUnavailableError(failure.message, { cause: error });
    }
    // v1 answers with the models and behaviours; v2 sends them in config/updated after `initialized`.
    const { models, chatBehaviors, chatDefaultModel, chatDefaultBehavior, chatWelcomeMessage } = result;
    if (models || chatBehaviors || chatDefaultModel || chatDefaultBehavior || chatWelcomeMessage) {
      events.onConfig({
        models,
        behaviors: chatBehaviors,
        selectModel: chatDefaultModel,
        selectBehavior: chatDefaultBehavior,
        welcomeMessage: chatWelcomeMessage,
      });
    }
    this.rpc.notify('initialized', {});
  }
}
