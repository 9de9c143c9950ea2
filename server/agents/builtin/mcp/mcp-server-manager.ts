/**
 * The configured MCP servers and their lifecycles (issue 5, "MCP servers"): every enabled server
 * is connected at start-up, each status change is reported in the shape of `tool/serverUpdated`
 * (specs/eca-protocol-v2.md, "Tool updated"), and `mcp/stopServer` / `mcp/startServer` stop and
 * start one server. Start and stop of one server run one after the other; a stop aborts a start
 * that is still waiting for the server. Tools, prompts and resources of running servers are
 * offered through the methods at the end.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { McpClientError, errorMessage, requestError } from './mcp-client-error';
import { McpServersConfigSchema, type McpServerConfig, type McpServersConfigInput } from './mcp-config';
import { getServerPrompt, listServerPrompts, type McpPrompt, type McpPromptMessages } from './mcp-prompts';
import { listServerResources, readServerResource, type McpResourceContext } from './mcp-resources';
import { McpServerConnection } from './mcp-server-connection';
import { offeredTools, serverUpdate, type McpServerStatus, type McpServerUpdate } from './mcp-server-update';
import { assignToolNames, type McpToolAddress } from './mcp-tool-names';
import { anthropicToolDefinition, callServerTool, type McpToolResult } from './mcp-tools';

export type { McpToolResult } from './mcp-tools';

export interface McpServerManagerOptions {
  /** The `mcpServers` config; parsed here, so a bad entry fails the construction with zod's issues. */
  servers: McpServersConfigInput;
  /** The working directory of stdio servers whose config names none (the workspace root). */
  cwd: string;
  log?: (message: string) => void;
  /** Where PATH and HOME for stdio servers come from; the relay's own environment by default. */
  inheritedEnv?: Readonly<Record<string, string | undefined>>;
  /** How long a server has to answer `initialize` (default 30 s). */
  connectTimeoutMs?: number;
  /** How long a tool call may run (default 2 min). */
  toolCallTimeoutMs?: number;
  /** How long listing tools, prompts or resources, getting a prompt, reading a resource may take (default 15 s). */
  requestTimeoutMs?: number;
  /** How long each stage of a forced process shutdown waits (default 2 s). */
  shutdownGraceMs?: number;
  clientInfo?: { name: string; version: string };
}

export type McpServerUpdateListener = (update: McpServerUpdate) => void;

interface ServerEntry {
  readonly name: string;
  readonly config: McpServerConfig;
  status: McpServerStatus;
  error: string | undefined;
  connection: McpServerConnection | undefined;
  /** Aborts the start-up under way, if any. */
  starting: AbortController | undefined;
  /** Start and stop of this server, one after the other. */
  queue: Promise<void>;
}

export class McpServerManager {
  private readonly entries = new Map<string, ServerEntry>();
  private readonly listeners = new Set<McpServerUpdateListener>();
  private toolNames = new Map<string, McpToolAddress>();
  private closed = false;
  private readonly log: (message: string) => void;
  private readonly settings: Required<Omit<McpServerManagerOptions, 'servers' | 'log'>>;

  constructor(options: McpServerManagerOptions) {
    this.log = options.log ?? (() => undefined);
    this.settings = {
      cwd: options.cwd,
      inheritedEnv: options.inheritedEnv ?? process.env,
      connectTimeoutMs: options.connectTimeoutMs ?? 30_000,
      toolCallTimeoutMs: options.toolCallTimeoutMs ?? 120_000,
      requestTimeoutMs: options.requestTimeoutMs ?? 15_000,
      shutdownGraceMs: options.shutdownGraceMs ?? 2_000,
      clientInfo: options.clientInfo ?? { name: 'baton', version: '0.1.0' },
    };
    for (const [name, config] of Object.entries(McpServersConfigSchema.parse(options.servers))) {
      const status = config.disabled ? 'disabled' : 'stopped';
      this.entries.set(name, {
        name,
        config,
        status,
        error: undefined,
        connection: undefined,
        starting: undefined,
        queue: Promise.resolve(),
      });
    }
  }

  /** Reports every server, then connects the enabled ones; resolves once each is running or failed. */
  async start(): Promise<void> {
    const entries = [...this.entries.values()];
    for (const entry of entries.filter((candidate) => candidate.status === 'disabled')) this.emit(entry);
    await Promise.all(entries.filter((entry) => !entry.config.disabled).map((entry) => this.startServer(entry.name)));
  }

  /** Returns a function that removes the listener. */
  onServerUpdated(listener: McpServerUpdateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every server as it is now: for a client that connects after the updates went out. */
  serverUpdates(): McpServerUpdate[] {
    return [...this.entries.values()].map((entry) => this.describe(entry));
  }

  /** `mcp/startServer`: resolves once the server runs or has failed (the status says which). */
  async startServer(name: string): Promise<void> {
    const entry = this.entry(name);
    if (this.closed) throw new McpClientError('closed', 'The MCP servers have been shut down');
    return this.enqueue(entry, () => this.connect(entry));
  }

  /** `mcp/stopServer`: resolves once the server's process is gone. */
  async stopServer(name: string): Promise<void> {
    const entry = this.entry(name);
    entry.starting?.abort();
    return this.enqueue(entry, () => this.disconnect(entry));
  }

  /** Stops every server; resolves once all their processes are gone. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.entries.keys()].map((name) => this.stopServer(name)));
  }

  // Tools.

  /** The running servers' tools as Anthropic tool definitions, named `<server>__<tool>`. */
  listTools(): Anthropic.Tool[] {
    const definitions: Anthropic.Tool[] = [];
    for (const [name, address] of this.toolNames) {
      const tools = this.entries.get(address.server)?.connection?.tools ?? [];
      const tool = tools.find((candidate) => candidate.name === address.tool);
      if (tool) definitions.push(anthropicToolDefinition(name, tool));
    }
    return definitions;
  }

  /** The server and tool behind a prefixed name, or undefined when it is not an MCP tool. */
  resolveTool(prefixedName: string): McpToolAddress | undefined {
    return this.toolNames.get(prefixedName);
  }

  /** Throws McpClientError when the call could not be made or finished; a server's error is a result. */
  async callTool(prefixedName: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<McpToolResult> {
    const address = this.toolNames.get(prefixedName);
    if (!address) throw new McpClientError('unknown-tool', `There is no MCP tool named ${prefixedName}`);
    const connection = this.runningConnection(address.server);
    try {
      const timeoutMs = this.settings.toolCallTimeoutMs;
      return await callServerTool(connection.client, address.tool, args, { signal, timeoutMs });
    } catch (error) {
      throw requestError(error, `The call of ${address.tool} on MCP server ${address.server}`, signal);
    }
  }

  // Prompts and resources: asked of each running server that offers them; one that fails is left out.

  async listPrompts(): Promise<McpPrompt[]> {
    return this.gather('prompts', (name, connection) =>
      listServerPrompts(name, connection.client, this.settings.requestTimeoutMs),
    );
  }

  async getPrompt(
    server: string,
    name: string,
    args: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<McpPromptMessages> {
    const connection = this.runningConnection(server);
    try {
      return await getServerPrompt(connection.client, name, args, this.settings.requestTimeoutMs, signal);
    } catch (error) {
      throw requestError(error, `Getting prompt ${name} from MCP server ${server}`, signal);
    }
  }

  async listResources(): Promise<McpResourceContext[]> {
    return this.gather('resources', (name, connection) =>
      listServerResources(name, connection.client, this.settings.requestTimeoutMs),
    );
  }

  async readResource(server: string, uri: string, signal?: AbortSignal): Promise<string> {
    const connection = this.runningConnection(server);
    try {
      return await readServerResource(connection.client, uri, this.settings.requestTimeoutMs, signal);
    } catch (error) {
      throw requestError(error, `Reading ${uri} from MCP server ${server}`, signal);
    }
  }

  // Lifecycle.

  private async connect(entry: ServerEntry): Promise<void> {
    if (this.closed || entry.connection) return;
    const starting = new AbortController();
    entry.starting = starting;
    this.setStatus(entry, 'starting');
    let opened: McpServerConnection | undefined;
    try {
      opened = await McpServerConnection.open({
        ...this.settings,
        name: entry.name,
        config: entry.config,
        log: this.log,
        signal: starting.signal,
        onToolsChanged: () => {
          if (opened && entry.connection === opened) this.toolsChanged(entry);
        },
        onLost: (reason) => {
          if (opened && entry.connection === opened) this.lost(entry, opened, reason);
        },
      });
    } catch (error) {
      // A stop asked for meanwhile reports the server as stopped, not failed.
      if (starting.signal.aborted) return;
      this.log(`mcp ${entry.name}: ${errorMessage(error)}`);
      this.setStatus(entry, 'failed', errorMessage(error));
      return;
    } finally {
      entry.starting = undefined;
    }
    if (starting.signal.aborted || this.closed) {
      await opened.close();
      return;
    }
    entry.connection = opened;
    this.assignToolNames();
    this.setStatus(entry, 'running');
  }

  private async disconnect(entry: ServerEntry): Promise<void> {
    const connection = entry.connection;
    entry.connection = undefined;
    if (connection) {
      this.assignToolNames();
      await connection.close();
    }
    // A disabled server that was never started stays disabled.
    if (connection || entry.status !== 'disabled') this.setStatus(entry, 'stopped');
  }

  private lost(entry: ServerEntry, connection: McpServerConnection, reason: string): void {
    this.log(`mcp ${entry.name}: ${reason}`);
    entry.connection = undefined;
    this.assignToolNames();
    this.setStatus(entry, 'failed', reason);
    // The process is gone already; this releases the client.
    void connection.close();
  }

  private toolsChanged(entry: ServerEntry): void {
    this.assignToolNames();
    this.emit(entry);
  }

  private assignToolNames(): void {
    this.toolNames = assignToolNames(
      [...this.entries.values()].flatMap((entry) =>
        entry.connection
          ? [{ server: entry.name, tools: offeredTools(entry.connection.tools).map((tool) => tool.name) }]
          : [],
      ),
    );
  }

  private setStatus(entry: ServerEntry, status: McpServerStatus, error?: string): void {
    entry.status = status;
    entry.error = error;
    this.emit(entry);
  }

  private emit(entry: ServerEntry): void {
    const update = this.describe(entry);
    for (const listener of this.listeners) {
      try {
        listener(update);
      } catch (error) {
        this.log(`mcp ${entry.name}: a status listener failed: ${errorMessage(error)}`);
      }
    }
  }

  private describe(entry: ServerEntry): McpServerUpdate {
    return serverUpdate(entry.name, entry.config, entry.status, entry.connection?.tools ?? [], entry.error);
  }

  private enqueue(entry: ServerEntry, operation: () => Promise<void>): Promise<void> {
    const done = entry.queue.then(operation);
    entry.queue = done.catch(() => undefined);
    return done;
  }

  private entry(name: string): ServerEntry {
    const entry = this.entries.get(name);
    if (!entry) throw new McpClientError('unknown-server', `There is no MCP server named ${name}`);
    return entry;
  }

  private runningConnection(server: string): McpServerConnection {
    const entry = this.entry(server);
    if (entry.connection) return entry.connection;
    const why = entry.status === 'failed' && entry.error ? ` (it failed: ${entry.error})` : ` (it is ${entry.status})`;
    throw new McpClientError('server-not-running', `MCP server ${server} is not running${why}`);
  }

  private async gather<T>(
    capability: 'prompts' | 'resources',
    list: (name: string, connection: McpServerConnection) => Promise<T[]>,
  ): Promise<T[]> {
    const running = [...this.entries.values()].flatMap(({ name, connection }) =>
      connection?.client.getServerCapabilities()?.[capability] ? [{ name, connection }] : [],
    );
    const lists = await Promise.all(
      running.map(async ({ name, connection }) => {
        try {
          return await list(name, connection);
        } catch (error) {
          this.log(`mcp ${name}: could not list its ${capability}: ${errorMessage(error)}`);
          return [];
        }
      }),
    );
    return lists.flat();
  }
}
