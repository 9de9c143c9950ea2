/**
 * The configured MCP servers (issue 5, "MCP servers"): every enabled server is connected at
 * start-up, and its status changes are reported (mcp-server-lifecycles.ts says how). Tools,
 * prompts and resources of running servers are offered through the methods below, tools under
 * names prefixed with their server's.
 */
import { CommandSandbox } from '../../../process/command-sandbox';
import type Anthropic from '@anthropic-ai/sdk';
import { McpClientError, errorMessage, requestError } from './mcp-client-error';
import { McpServersConfigSchema, type McpServersConfigInput } from './mcp-config';
import { getServerPrompt, listServerPrompts, type McpPrompt, type McpPromptMessages } from './mcp-prompts';
import { listServerResources, readServerResource, type McpResourceContext } from './mcp-resources';
import type { McpServerConnection } from './mcp-server-connection';
import { McpServerLifecycles, type McpServerUpdateListener } from './mcp-server-lifecycles';
import { offeredTools, type McpServerUpdate } from './mcp-server-update';
import { assignToolNames, type McpToolAddress } from './mcp-tool-names';
import { anthropicToolDefinition, callServerTool, type McpToolResult } from './mcp-tools';

export type { McpServerUpdateListener } from './mcp-server-lifecycles';
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
  /** Stdio servers run in it when config.json says `sandbox.mcpServers`; none when omitted. */
  sandbox?: CommandSandbox;
}

export class McpServerManager {
  private readonly servers: McpServerLifecycles;
  private toolNames = new Map<string, McpToolAddress>();
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
      sandbox: options.sandbox ?? CommandSandbox.none(),
    };
    this.servers = new McpServerLifecycles({
      servers: McpServersConfigSchema.parse(options.servers),
      settings: this.settings,
      log: this.log,
      onConnectionsChanged: () => this.assignToolNames(),
    });
  }

  /** Reports every server, then connects the enabled ones; resolves once each is running or failed. */
  async start(): Promise<void> {
    return this.servers.start();
  }

  /** Returns a function that removes the listener. */
  onServerUpdated(listener: McpServerUpdateListener): () => void {
    return this.servers.onServerUpdated(listener);
  }

  /** Every server as it is now: for a client that connects after the updates went out. */
  serverUpdates(): McpServerUpdate[] {
    return this.servers.serverUpdates();
  }

  /** `mcp/startServer`: resolves once the server runs or has failed (the status says which). */
  async startServer(name: string): Promise<void> {
    return this.servers.startServer(name);
  }

  /** `mcp/stopServer`: resolves once the server's process is gone. */
  async stopServer(name: string): Promise<void> {
    return this.servers.stopServer(name);
  }

  /** Stops every server; resolves once all their processes are gone. */
  async close(): Promise<void> {
    return this.servers.close();
  }

  // Tools.

  /** The running servers' tools as Anthropic tool definitions, named `<server>__<tool>`. */
  listTools(): Anthropic.Tool[] {
    const definitions: Anthropic.Tool[] = [];
    for (const [name, address] of this.toolNames) {
      const tools = this.servers.connectionOf(address.server)?.tools ?? [];
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
    const connection = this.servers.runningConnection(address.server);
    try {
      const timeoutMs = this.settings.toolCallTimeoutMs;
      return await callServerTool(connection.client, address.tool, args, { signal, timeoutMs });
    } catch (error) {
      throw requestError(error, `The call of ${address.tool} on MCP server ${address.server}`, signal);
    }
  }

  // Prompts and resources: asked of each running server that offers them; one that fails is left out.

  async listPrompts(): Promise<McpPrompt[]> {
    return this.gather('prompts', (name, connection) => listServerPrompts(name, connection.client, this.settings.requestTimeoutMs));
  }

  async getPrompt(server: string, name: string, args: Record<string, string>, signal?: AbortSignal): Promise<McpPromptMessages> {
    const connection = this.servers.runningConnection(server);
    try {
      return await getServerPrompt(connection.client, name, args, this.settings.requestTimeoutMs, signal);
    } catch (error) {
      throw requestError(error, `Getting prompt ${name} from MCP server ${server}`, signal);
    }
  }

  async listResources(): Promise<McpResourceContext[]> {
    return this.gather('resources', (name, connection) => listServerResources(name, connection.client, this.settings.requestTimeoutMs));
  }

  async readResource(server: string, uri: string, signal?: AbortSignal): Promise<string> {
    const connection = this.servers.runningConnection(server);
    try {
      return await readServerResource(connection.client, uri, this.settings.requestTimeoutMs, signal);
    } catch (error) {
      throw requestError(error, `Reading ${uri} from MCP server ${server}`, signal);
    }
  }

  private assignToolNames(): void {
    this.toolNames = assignToolNames(
      this.servers.connectedServers().map(({ name, connection }) => ({
        server: name,
        tools: offeredTools(connection.tools).map((tool) => tool.name),
      })),
    );
  }

  private async gather<T>(
    capability: 'prompts' | 'resources',
    list: (name: string, connection: McpServerConnection) => Promise<T[]>,
  ): Promise<T[]> {
    const running = this.servers.connectedServers().filter(({ connection }) => connection.client.getServerCapabilities()?.[capability]);
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
