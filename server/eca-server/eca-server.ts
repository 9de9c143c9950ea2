/**
 * Baton's built-in agent as an ECA server on a pair of byte streams (specs/eca-protocol-v2.md, and
 * what today's ECA editors send and expect): Content-Length framing, the lifecycle (the answer to
 * `initialize` carries v1's chat fields), `config/updated` and `tool/serverUpdated` once
 * initialized, and the `chat/*` methods. The output carries protocol messages only; everything
 * else goes to `log`. Bytes that make no message are answered with -32700 and reading goes on
 * (the stdio transport reports them, the connection answers).
 */
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { ecaProtocol } from '../../lib/protocol/eca/eca-protocol';
import { contentLengthFraming } from '../../lib/rpc/framing/content-length-reader';
import { RpcError } from '../../lib/rpc/errors';
import { RpcConnection } from '../../lib/rpc/rpc-connection';
import { createStdioTransport } from '../rpc/stdio-transport';
import { registerChatHandlers } from './chat-handlers';
import { registerChatHistoryHandlers, type EcaNotify } from './chat-history-handlers';
import { registerChatSessionHandlers } from './chat-session-handlers';
import { openEcaBackend, type EcaBackend } from './eca-backend';
import { DEFAULT_BEHAVIOR, initializeResult, startupConfig } from './eca-config';
import { EcaContentTranslator } from './eca-contents';
import { EcaLifecycle } from './eca-lifecycle';
import { requestFailed } from './eca-server-errors';
import { createEcaServing } from './eca-serving';
import { watchParentProcess } from './parent-process-watch';
import { announceToolServer } from './tool-server-updates';
import { chooseWorkspace } from './workspace-folder';

export interface EcaServerOptions {
  /** The editor's messages, e.g. process.stdin. */
  input: Readable;
  /** This server's messages, e.g. process.stdout: nothing else may be written to it. */
  output: Writable;
  /** The workspace when `initialize` names no `file://` folder. */
  workspaceRoot: string;
  /** Where the database lives; `<workspace>/.baton` when absent, as for the relay. */
  dataDir?: string;
  /** Chooses the model (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, BATON_MODEL); see create-builtin-agent.ts. */
  env: Readonly<Record<string, string | undefined>>;
  log: (message: string) => void;
}

export interface RunningEcaServer {
  /**
   * The process exit code, once `exit` arrives or the editor closes the stream: 0 when
   * `shutdown` came first, 1 otherwise (LSP's rule for `exit`).
   */
  readonly exitCode: Promise<number>;
  /** Ends the server now (a signal): stops turns, closes the store and the streams. */
  stop(): Promise<number>;
}

/** How long the last messages may take to leave before the exit code is given anyway. */
const OUTPUT_FLUSH_LIMIT_MS = 2_000;

export function runEcaServer(options: EcaServerOptions): RunningEcaServer {
  const { log } = options;
  const lifecycle = new EcaLifecycle();
  /** The behaviour the editor asked for in `initialize`, which `config/updated` selects. */
  let initialBehavior = DEFAULT_BEHAVIOR;
  const translator = new EcaContentTranslator();
  let backend: EcaBackend | undefined;
  let closingBackend: Promise<void> | undefined;
  /** config/updated and tool/serverUpdated go out once, on the first `initialized`. */
  let announced = false;
  let ending: Promise<number> | undefined;
  let resolveExitCode: (code: number) => void = () => undefined;
  const exitCode = new Promise<number>((resolve) => {
    resolveExitCode = resolve;
  });
  let stopWatchingParent: () => void = () => undefined;

  const transport = createStdioTransport({ input: options.input, output: options.output, framing: contentLengthFraming });
  const connection = new RpcConnection(ecaProtocol, transport, {
    cancellation: { notification: '$/cancelRequest' },
    onProtocolError: (error) => log(`protocol error (${error.code}): ${error.message}`),
  });

  const closeBackend = () => (closingBackend ??= backend ? backend.close() : Promise.resolve());

  function end(reason: string): Promise<number> {
    ending ??= (async () => {
      const code = lifecycle.exitCode;
      log(`${reason}; exiting with ${code}`);
      stopWatchingParent();
      let failed = false;
      try {
        await closeBackend();
      } catch (error) {
        failed = true;
        log(`closing failed: ${messageOf(error)}`);
      }
      connection.close();
      await flushed(options.output, log);
      return failed ? 1 : code;
    })();
    void ending.then(resolveExitCode);
    return ending;
  }

  connection.onRequest('initialize', async ({ workspaceFolders, initializationOptions, processId }) => {
    lifecycle.beginInitialize();
    try {
      const workspace = await chooseWorkspace(workspaceFolders, options.workspaceRoot);
      const dataDir = options.dataDir ?? path.join(workspace.root, '.baton');
      const opened = await openEcaBackend({
        workspaceRoot: workspace.root,
        dataDir,
        env: options.env,
        log,
        onContent: (params) => {
          // `backend` is set before any prompt can make a content.
          const chats = backend?.chats;
          const notification = translator.toEca(params, chats ? chats.chatOf(params.chatId) : params.chatId);
          if (notification) connection.notify('chat/contentReceived', notification);
          if (backend && params.content.type === 'progress' && params.content.state === 'finished') {
            promptNextQueued(backend, params.chatId);
          }
        },
      });
      // The editor went away while the backend opened: nothing may be left running.
      if (ending) {
        await opened.close();
        throw new Error('the server is exiting');
      }
      backend = opened;
    } catch (error) {
      lifecycle.failInitialize();
      log(`initialize failed: ${messageOf(error)}`);
      // A bad config file or an unusable data folder is the user's to fix, not an internal error.
      throw error instanceof RpcError ? error : requestFailed(messageOf(error));
    }
    initialBehavior = initializationOptions?.chatAgent ?? initializationOptions?.chatBehavior ?? DEFAULT_BEHAVIOR;
    backend.chats.everyChat.behavior = initialBehavior;
    if (processId !== null && processId !== undefined)
      stopWatchingParent = watchParentProcess(processId, () => void end(`the editor (process ${processId}) is gone`));
    lifecycle.finishInitialize();
    return initializeResult(backend.agent.info, initialBehavior);
  });

  /** A prompt that came while its chat's turn ran goes now that the turn has ended. */
  function promptNextQueued(running: EcaBackend, threadId: string): void {
    const next = running.chats.dequeue(threadId);
    if (!next) return;
    running.hub.prompt(threadId, next.message, next.options).catch((error: unknown) => {
      log(`a queued prompt of thread ${threadId} failed: ${messageOf(error)}`);
      connection.notify('$/showMessage', { type: 'error', message: `Your prompt could not start: ${messageOf(error)}` });
    });
  }

  connection.onNotification('initialized', () => {
    if (!lifecycle.isRunning || !backend) {
      log(`initialized ignored: the server is ${lifecycle.state}`);
      return;
    }
    if (announced) return;
    announced = true;
    // The editor's user may prompt soon: the agent's slow set-up (its model thread) starts now.
    backend.agent.prepare?.();
    connection.notify('config/updated', startupConfig(backend.agent.info, initialBehavior));
    for (const server of backend.toolServers()) announceToolServer(connection, server);
    // "Init MCP servers" comes after config/updated; each server's progress is announced as it happens.
    const { mcp } = backend;
    if (mcp) {
      mcp.onServerUpdated((update) => announceToolServer(connection, update));
      mcp.start().catch((error: unknown) => log(`MCP servers failed to start: ${messageOf(error)}`));
    }
  });

  const serving = createEcaServing(connection, lifecycle, () => backend, log);
  const notify: EcaNotify = (method, params) => connection.notify(method, params);
  registerChatHandlers(serving, notify, log);
  registerChatHistoryHandlers(serving, notify, log);
  registerChatSessionHandlers(serving, notify, log);

  connection.onRequest('shutdown', async () => {
    lifecycle.assertRunning('shutdown');
    lifecycle.shutDown();
    await closeBackend();
    return null;
  });

  connection.onNotification('exit', () => void end('exit received'));
  connection.onClose(() => void end('the editor closed the stream'));

  return { exitCode, stop: () => end('stopped') };
}

/** Waits for what was written to leave, but not forever: a stuck pipe must not hold the exit. */
async function flushed(output: Writable, log: (message: string) => void): Promise<void> {
  const limit = new AbortController();
  try {
    await Promise.race([finished(output, { readable: false }), sleep(OUTPUT_FLUSH_LIMIT_MS, undefined, { signal: limit.signal })]);
  } catch (error) {
    log(`the output did not close cleanly: ${messageOf(error)}`);
  } finally {
    limit.abort();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
