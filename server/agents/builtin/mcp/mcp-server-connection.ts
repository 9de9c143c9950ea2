/**
 * One connection to one MCP server, from start-up to shutdown, through the SDK's Client: a stdio
 * command (GroupStdioTransport: no shell, an explicit environment and working directory, stderr
 * to the log, a process group that ends with the relay) or a streamable HTTP URL. It fetches the server's tools, follows list changes, and
 * reports a server that goes away on its own. A failed start-up leaves no process behind.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { CommandSandbox } from '../../../process/command-sandbox';
import { GroupStdioTransport } from './group-stdio-transport';
import { McpClientError, errorMessage } from './mcp-client-error';
import { isStdioServerConfig, serverEnvironment, type McpServerConfig } from './mcp-config';
import { loadMcpSdk, type McpSdk } from './mcp-sdk';
import { capResponseBody, MAX_MCP_MESSAGE_BYTES, McpMessageTooLarge } from './message-size-cap';
import { terminateProcess, waitForProcessExit } from './process-liveness';
import { StderrTail } from './stderr-tail';

export interface McpConnectionOptions {
  name: string;
  config: McpServerConfig;
  /** The working directory of a stdio server whose config names none. */
  cwd: string;
  /** Where PATH and HOME come from; nothing else of it reaches the server. */
  inheritedEnv: Readonly<Record<string, string | undefined>>;
  /** A stdio server runs in it when the config's `sandbox.mcpServers` says so. */
  sandbox: CommandSandbox;
  clientInfo: { name: string; version: string };
  /** How long the server has to answer `initialize`. */
  connectTimeoutMs: number;
  /** How long a listing request may take. */
  requestTimeoutMs: number;
  /** How long each stage of a forced shutdown waits for the process to go. */
  shutdownGraceMs: number;
  log: (message: string) => void;
  /** Aborts the start-up (the user stopped the server while it was starting). */
  signal: AbortSignal;
  /** The server's tool list changed and `tools` has been refetched. */
  onToolsChanged: () => void;
  /** After start-up: the server went away by itself (crash, exit); never called after close(). */
  onLost: (reason: string) => void;
}

const MAX_LIST_PAGES = 50;

export class McpServerConnection {
  tools: Tool[] = [];
  private connected = false;
  private closedByUs = false;
  private exited = false;
  private lost = false;
  /** Why the connection was ended on the server's account, for a start-up that fails of it. */
  private refusal: string | undefined;
  private closing: Promise<void> | undefined;
  private readonly stderr = new StderrTail();

  private constructor(
    private readonly options: McpConnectionOptions,
    private readonly sdk: McpSdk,
    readonly client: Client,
    private readonly transport: Transport,
  ) {}

  /** Connects and lists the tools; throws McpClientError('connect-failed') with the reason. */
  static async open(options: McpConnectionOptions): Promise<McpServerConnection> {
    const sdk = await loadMcpSdk();
    const transport = await createTransport(options, sdk, (error) => connection.refuse(error));
    const client = new sdk.Client(options.clientInfo, {
      capabilities: {},
      listChanged: {
        tools: { autoRefresh: false, debounceMs: 100, onChanged: () => void connection.refreshTools() },
      },
    });
    const connection = new McpServerConnection(options, sdk, client, transport);
    connection.watch();
    try {
      await client.connect(transport, { timeout: options.connectTimeoutMs, signal: options.signal });
      await connection.refreshTools({ throwOnError: true });
    } catch (error) {
      const reason = await connection.startupFailure(error);
      await connection.close({ force: true });
      throw new McpClientError('connect-failed', reason, { cause: error });
    }
    connection.connected = true;
    connection.stderr.forget();
    return connection;
  }

  get pid(): number | undefined {
    return this.transport instanceof GroupStdioTransport ? this.transport.pid : undefined;
  }

  /** Stops the server; resolves once its process (if any) is gone. Safe to call more than once. */
  close(options: { force?: boolean } = {}): Promise<void> {
    this.closedByUs = true;
    this.closing ??= this.shutDown(options.force ?? false);
    return this.closing;
  }

  /** Refetches every page of the tool list (the SDK's own refresh reads only the first). */
  async refreshTools({ throwOnError = false } = {}): Promise<void> {
    if (!this.client.getServerCapabilities()?.tools) return;
    try {
      const tools: Tool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
        const result = await this.client.listTools(cursor ? { cursor } : {}, {
          timeout: this.options.requestTimeoutMs,
        });
        tools.push(...result.tools);
        cursor = result.nextCursor;
        if (!cursor) break;
      }
      if (this.closedByUs) return;
      // A list_changed that changed nothing (the everything server sends one right after start-up)
      // is not worth a status update.
      if (JSON.stringify(tools) === JSON.stringify(this.tools)) return;
      this.tools = tools;
      if (this.connected) this.options.onToolsChanged();
    } catch (error) {
      if (throwOnError) throw error;
      if (this.closedByUs) return;
      this.options.log(`mcp ${this.options.name}: could not refresh its tools: ${errorMessage(error)}`);
    }
  }

  private watch(): void {
    const { name, log } = this.options;
    // Set before connect(): the SDK's Protocol calls a transport's existing onclose before its own.
    this.transport.onclose = () => {
      this.exited = true;
      // Let the last stderr lines arrive first: they usually say why.
      setImmediate(() => this.lose(this.withStderr('The server exited unexpectedly')));
    };
    this.client.onerror = (error) => {
      if (error instanceof McpMessageTooLarge) return this.refuse(error);
      log(`mcp ${name}: ${errorMessage(error)}`);
      // An HTTP server has no process to watch; that it can no longer be reached (the SDK reports
      // its failed attempts to re-open the event stream here) is how it is seen to be gone.
      if (this.transport instanceof this.sdk.StreamableHTTPClientTransport && isUnreachable(error)) {
        this.lose(`The server can no longer be reached: ${errorMessage(error)}`);
      }
    };
    if (this.transport instanceof GroupStdioTransport) {
      this.transport.stderr.on('data', (chunk: Buffer) => {
        for (const line of this.stderr.add(chunk.toString('utf8'))) log(`mcp ${name} stderr: ${line}`);
      });
    }
  }

  /** The server sent what cannot be read: it is stopped, and that is why it failed. */
  private refuse(error: McpMessageTooLarge): void {
    if (this.refusal !== undefined) return;
    this.refusal = error.message;
    this.options.log(`mcp ${this.options.name}: ${error.message}`);
    if (this.connected) this.lose(error.message);
    // During start-up, closing fails the connect at once rather than at its timeout.
    else void this.transport.close();
  }

  private lose(reason: string): void {
    if (!this.connected || this.closedByUs || this.lost) return;
    this.lost = true;
    this.options.onLost(reason);
  }

  private async startupFailure(error: unknown): Promise<string> {
    await new Promise((resolve) => setImmediate(resolve));
    const { config, connectTimeoutMs, signal } = this.options;
    if (signal.aborted) return 'Stopped while starting';
    if (this.refusal !== undefined) return this.refusal;
    const { McpError, ErrorCode } = this.sdk;
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      return this.withStderr(`No answer to initialize within ${connectTimeoutMs} ms`);
    }
    if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
      return this.withStderr('The server exited during start-up');
    }
    if (isStdioServerConfig(config) && this.pid === undefined) {
      return `Could not start ${config.command}: ${describeError(error)}`;
    }
    return this.withStderr(`Start-up failed: ${describeError(error)}`);
  }

  private withStderr(reason: string): string {
    const tail = this.stderr.text();
    return tail ? `${reason}; stderr: ${tail}` : reason;
  }

  private async shutDown(force: boolean): Promise<void> {
    const { name, log, shutdownGraceMs } = this.options;
    if (this.transport instanceof this.sdk.StreamableHTTPClientTransport && this.connected && !this.lost) {
      // Ends the session on the server; a server that does not answer must not hold up the close.
      await withTimeout(this.transport.terminateSession(), shutdownGraceMs).catch((error) =>
        log(`mcp ${name}: could not end the HTTP session: ${errorMessage(error)}`),
      );
    }
    const pid = this.pid;
    // A server that failed to start is not waited on: SIGTERM at once, SIGKILL after the grace.
    if (force && pid !== undefined && !this.exited) await terminateProcess(pid, shutdownGraceMs, log);
    // Otherwise the transport's stages for stdio: end stdin, SIGTERM to the group after the grace,
    // SIGKILL after the grace again; the last check by pid stays for an HTTP server's absence of one.
    await this.client.close().catch((error) => log(`mcp ${name}: closing failed: ${errorMessage(error)}`));
    if (pid === undefined || this.exited) return;
    if (await waitForProcessExit(pid, shutdownGraceMs)) return;
    await terminateProcess(pid, shutdownGraceMs, log);
  }
}

async function createTransport(
  options: McpConnectionOptions,
  sdk: McpSdk,
  onTooLarge: (error: McpMessageTooLarge) => void,
): Promise<Transport> {
  const { config } = options;
  if (isStdioServerConfig(config)) {
    const spawn = {
      command: config.command,
      args: config.args ?? [],
      env: serverEnvironment(config, options.inheritedEnv),
      cwd: config.cwd ?? options.cwd,
    };
    return new GroupStdioTransport({ ...(await options.sandbox.wrapProcess(spawn, 'mcpServers')), graceMs: options.shutdownGraceMs }, sdk);
  }
  return new sdk.StreamableHTTPClientTransport(new URL(config.url), {
    requestInit: { headers: config.headers },
    fetch: async (url, init) => capResponseBody(await fetch(url, init), MAX_MCP_MESSAGE_BYTES, onTooLarge),
  });
}

/** A request that never reached the server (undici's "fetch failed"), as opposed to one it refused. */
function isUnreachable(error: Error): boolean {
  return /\bfetch failed\b/.test(error.message);
}

/** An error's message with its cause's (fetch's "fetch failed" says little without ECONNREFUSED). */
function describeError(error: unknown): string {
  const message = errorMessage(error);
  const cause = error instanceof Error ? error.cause : undefined;
  return cause === undefined ? message : `${message} (${errorMessage(cause)})`;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
