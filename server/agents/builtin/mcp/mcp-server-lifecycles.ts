/**
 * The lifecycles of the configured MCP servers (issue 5, "MCP servers"): each status change is
 * reported in the shape of `tool/serverUpdated` (specs/eca-protocol-v2.md, "Tool updated"), and
 * `mcp/stopServer` / `mcp/startServer` stop and start one server. Start and stop of one server run
 * one after the other; a stop aborts a start that is still waiting for the server.
 */
import { McpClientError, errorMessage } from './mcp-client-error';
import type { McpServerConfig, McpServersConfig } from './mcp-config';
import { McpServerConnection, type McpConnectionOptions } from './mcp-server-connection';
import { serverUpdate, type McpServerStatus, type McpServerUpdate } from './mcp-server-update';

export type McpServerUpdateListener = (update: McpServerUpdate) => void;

/** What every server's connection is opened with, whichever the server. */
export type McpConnectionSettings = Omit<McpConnectionOptions, 'name' | 'config' | 'log' | 'signal' | 'onToolsChanged' | 'onLost'>;

export interface McpServerLifecyclesOptions {
  servers: McpServersConfig;
  settings: McpConnectionSettings;
  log: (message: string) => void;
  /** Called when a server connects or goes, or its tools change; before the status update goes out. */
  onConnectionsChanged: () => void;
}

/** A server whose connection is open. */
export interface ConnectedServer {
  name: string;
  connection: McpServerConnection;
}

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

export class McpServerLifecycles {
  private readonly entries = new Map<string, ServerEntry>();
  private readonly listeners = new Set<McpServerUpdateListener>();
  private closed = false;

  constructor(private readonly options: McpServerLifecyclesOptions) {
    for (const [name, config] of Object.entries(options.servers)) {
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

  /** The servers connected now, in the order of the config. */
  connectedServers(): ConnectedServer[] {
    return [...this.entries.values()].flatMap(({ name, connection }) => (connection ? [{ name, connection }] : []));
  }

  /** The connection of a server, or undefined when it is not connected (or not configured). */
  connectionOf(server: string): McpServerConnection | undefined {
    return this.entries.get(server)?.connection;
  }

  /** The connection of a server that must be running; McpClientError when it is not. */
  runningConnection(server: string): McpServerConnection {
    const entry = this.entry(server);
    if (entry.connection) return entry.connection;
    const why = entry.status === 'failed' && entry.error ? ` (it failed: ${entry.error})` : ` (it is ${entry.status})`;
    throw new McpClientError('server-not-running', `MCP server ${server} is not running${why}`);
  }

  private async connect(entry: ServerEntry): Promise<void> {
    if (this.closed || entry.connection) return;
    const starting = new AbortController();
    entry.starting = starting;
    this.setStatus(entry, 'starting');
    let opened: McpServerConnection | undefined;
    try {
      opened = await McpServerConnection.open({
        ...this.options.settings,
        name: entry.name,
        config: entry.config,
        log: this.options.log,
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
      this.options.log(`mcp ${entry.name}: ${errorMessage(error)}`);
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
    this.options.onConnectionsChanged();
    this.setStatus(entry, 'running');
  }

  private async disconnect(entry: ServerEntry): Promise<void> {
    const connection = entry.connection;
    entry.connection = undefined;
    if (connection) {
      this.options.onConnectionsChanged();
      await connection.close();
    }
    // A disabled server that was never started stays disabled.
    if (connection || entry.status !== 'disabled') this.setStatus(entry, 'stopped');
  }

  private lost(entry: ServerEntry, connection: McpServerConnection, reason: string): void {
    this.options.log(`mcp ${entry.name}: ${reason}`);
    entry.connection = undefined;
    this.options.onConnectionsChanged();
    this.setStatus(entry, 'failed', reason);
    // The process is gone already; this releases the client.
    void connection.close();
  }

  private toolsChanged(entry: ServerEntry): void {
    this.options.onConnectionsChanged();
    this.emit(entry);
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
        this.options.log(`mcp ${entry.name}: a status listener failed: ${errorMessage(error)}`);
      }
    }
  }

  private describe(entry: ServerEntry): McpServerUpdate {
    return serverUpdate(entry.name, entry.config, entry.status, entry.connection?.tools ?? [], entry.error);
  }

  private enqueue(entry: ServerEntry, operation: () => Promise<void>): Promise<void> {
    const done = entry.queue.then(operation);
    // The caller gets `done` with its failure; the queue only waits for it to end, so one failed
    // start or stop does not block the next operation on this server.
    entry.queue = done.catch(() => undefined);
    return done;
  }

  private entry(name: string): ServerEntry {
    const entry = this.entries.get(name);
    if (!entry) throw new McpClientError('unknown-server', `There is no MCP server named ${name}`);
    return entry;
  }
}
