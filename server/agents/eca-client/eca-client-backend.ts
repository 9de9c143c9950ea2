/**
 * Baton as the client of an external ECA server (specs/eca-protocol-v2.md; v1 servers too). One
 * server process serves every thread of the agent, one ECA chat per thread. ECA has no method to
 * reopen a chat, so a thread whose chat is gone (a relay or server restart, a hand-over) starts a
 * new chat primed with the thread's history.
 */
import type { ChatContext } from '../../../lib/protocol/eca-chat';
import type { ChatCommand } from '../../../lib/protocol/eca/chat-methods';
import type { ShowMessageParams } from '../../../lib/protocol/eca/show-message';
import type { ToolServerUpdatedParams } from '../../../lib/protocol/eca/tool-servers';
import type { AgentBackend, AgentInfo, AgentToolServers, AgentTurn } from '../agent-backend';
import { AgentUnavailableError } from '../agent-backend';
import type { AgentFactoryContext } from '../agent-factory';
import type { StdioAgentEntry } from '../agents-config';
import { agentLog } from '../external/agent-log';
import { primedMessage } from '../external/history-transcript';
import { LiveRegistry } from '../external/live-registry';
import { PermissionGate } from '../external/permission-gate';
import { RestartBudget } from '../external/restart-budget';
import { untilAborted } from '../external/until-aborted';
import { ShownAgentInfo } from '../external/shown-agent-info';
import { initialEcaInfo, withServerConfig } from './eca-agent-info';
import { EcaChatTurn, type EcaApprovalChannel } from './eca-chat-turn';
import { EcaServerConnection, type ServerChatConfig } from './eca-server-connection';
import { runEcaPrompt } from './eca-prompt';

/** One server process serves every thread: the registry holds it under this key. */
const SERVER_PROCESS = 'server';

interface ThreadChat {
  chatId: string;
  server: EcaServerConnection;
}

export class EcaClientBackend implements AgentBackend {
  private readonly shown: ShownAgentInfo;
  private readonly gate: PermissionGate;
  private readonly live: LiveRegistry<EcaServerConnection>;
  private readonly chats = new Map<string, ThreadChat>();
  private readonly running = new Set<EcaChatTurn>();
  private readonly toolServerListeners = new Set<(server: ToolServerUpdatedParams) => void>();
  private readonly servers = new Map<string, ToolServerUpdatedParams>();
  private closed = false;
  private nextRequestId = 1;

  constructor(
    private readonly entry: StdioAgentEntry,
    private readonly context: AgentFactoryContext,
  ) {
    this.shown = new ShownAgentInfo(initialEcaInfo(entry.label ?? `${context.name} (ECA)`));
    this.gate = new PermissionGate(context.policy);
    this.live = new LiveRegistry(new RestartBudget(context.name), (server) => server.isAlive);
    this.log = agentLog(context);
  }

  get info(): AgentInfo {
    return this.shown.info;
  }

  async runTurn(turn: AgentTurn): Promise<void> {
    // Stop while the server starts ends the turn; the server goes on starting, for the next prompt.
    const server = await untilAborted(this.server(), turn.signal);
    if (!server) return;
    const known = this.chats.get(turn.threadId);
    const continues = known !== undefined && known.server === server && known.chatId === turn.agentSessionId;
    // An ECA chat cannot be reopened: a thread whose chat is gone starts a new one.
    if (!continues) this.chats.delete(turn.threadId);
    const message = await primedMessage(turn, this.info.name, !continues);
    const chat = new EcaChatTurn(turn, this.gate, this.approvalChannel(server), this.log);
    this.running.add(chat);
    try {
      const chatId = await runEcaPrompt(
        server,
        chat,
        turn,
        {
          chatId: continues ? known.chatId : undefined,
          requestId: String(this.nextRequestId++),
          message,
          ...(turn.model !== undefined ? { model: turn.model } : {}),
          // v2 says `behavior`, the current protocol `agent`: a server reads the one it knows.
          ...(turn.behavior !== undefined ? { behavior: turn.behavior, agent: turn.behavior } : {}),
          ...(turn.contexts && turn.contexts.length > 0 ? { contexts: [...turn.contexts] } : {}),
        },
        this.log,
      );
      if (chatId !== undefined) this.chats.set(turn.threadId, { chatId, server });
    } finally {
      this.running.delete(chat);
    }
  }

  async listCommands(): Promise<ChatCommand[]> {
    const server = await this.server();
    const result = await server.rpc.request('chat/queryCommands', { query: '' }).catch(async (error: unknown) => {
      throw await server.explain(error, 'list its commands');
    });
    return result.commands;
  }

  /** `chat/queryContext`: the contexts the server offers for `query`, besides those already chosen. */
  async queryContext(query: string, contexts: readonly ChatContext[], threadId?: string): Promise<ChatContext[]> {
    const server = await this.server();
    const chatId = threadId === undefined ? undefined : this.chats.get(threadId)?.chatId;
    const result = await server.rpc
      .request('chat/queryContext', { query, contexts: [...contexts], ...(chatId ? { chatId } : {}) })
      .catch(async (error: unknown) => {
        throw await server.explain(error, 'list contexts');
      });
    return result.contexts;
  }

  /**
   * The user picked another behaviour in the composer: `chat/selectedBehaviorChanged` (v2) and
   * `chat/selectedAgentChanged` (the current protocol, which still takes the older name). A server
   * ignores the notification it does not know.
   */
  async selectBehavior(behavior: string): Promise<void> {
    const { rpc } = await this.server();
    rpc.notify('chat/selectedBehaviorChanged', { behavior });
    rpc.notify('chat/selectedAgentChanged', { agent: behavior });
  }

  /** The tool servers the ECA server last reported (`tool/serverUpdated`); Start and Stop are `mcp/*`. */
  readonly toolServers: AgentToolServers = {
    current: () => [...this.servers.values()],
    start: async (name) => (await this.server()).rpc.notify('mcp/startServer', { name }),
    stop: async (name) => (await this.server()).rpc.notify('mcp/stopServer', { name }),
    onUpdated: (listener) => void this.toolServerListeners.add(listener),
  };

  /**
   * `chat/promptSteer` to the server running the thread's turn (current protocol). A server that
   * does not know it ignores it: the message is then never taken, and the tab sends it as a prompt
   * once the turn ends.
   */
  async steer(threadId: string, message: string): Promise<void> {
    const running = [...this.running].find((chat) => chat.threadId === threadId && !chat.isSettled);
    const chatId = running?.chatId;
    const server = this.chats.get(threadId)?.server ?? this.live.peek(SERVER_PROCESS);
    if (!running || chatId === undefined || !server) return;
    running.steerPassedOn();
    server.rpc.notify('chat/promptSteer', { chatId, message });
  }

  /** Forgets the thread's chat only: `chat/delete` would erase a chat the thread may come back to. */
  async closeThread(threadId: string): Promise<void> {
    this.chats.delete(threadId);
  }

  onInfoChanged(listener: () => void): void {
    this.shown.onChanged(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    const server = this.live.release(SERVER_PROCESS);
    this.chats.clear();
    await (await server)?.close();
  }

  private readonly log: (message: string) => void;

  /** The running server, started (again) when there is none: bounded by the restart budget. */
  private async server(): Promise<EcaServerConnection> {
    if (this.closed) throw new AgentUnavailableError(`${this.info.name} is shut down.`);
    const { value } = await this.live.obtain(SERVER_PROCESS, async () => {
      const server = await EcaServerConnection.start(this.entry, this.context, {
        onConfig: (config) => this.configChanged(config),
        onToolServer: (update) => this.toolServerChanged(update),
        onShowMessage: (message) => this.show(message),
      });
      void server.gone.then((reason) => this.serverGone(server, reason));
      return server;
    });
    return value;
  }

  private approvalChannel(server: EcaServerConnection): EcaApprovalChannel {
    return {
      approve: (chatId, toolCallId, forSession) =>
        server.rpc.notify('chat/toolCallApprove', { chatId, toolCallId, ...(forSession ? { save: 'session' as const } : {}) }),
      reject: (chatId, toolCallId) => server.rpc.notify('chat/toolCallReject', { chatId, toolCallId }),
    };
  }

  private configChanged(config: ServerChatConfig): void {
    if (config.welcomeMessage) this.log(`welcome message: ${config.welcomeMessage}`);
    this.shown.update(withServerConfig(this.info, config));
  }

  private toolServerChanged(update: ToolServerUpdatedParams): void {
    const tools = update.tools?.length ?? 0;
    this.log(`tool server ${update.name} (${update.type}): ${update.status}, ${tools} tool${tools === 1 ? '' : 's'}`);
    this.servers.set(update.name, update);
    for (const listener of this.toolServerListeners) listener(update);
  }

  /** `$/showMessage` reaches the user in every running turn; with none running, the log. */
  private show({ type, message }: ShowMessageParams): void {
    const text = `${this.info.name} (${type}): ${message}`;
    if (this.running.size === 0) this.log(`message for the user: ${text}`);
    for (const chat of this.running) chat.note(text);
  }

  private serverGone(server: EcaServerConnection, reason: string): void {
    this.log(`the server has gone: ${reason}`);
    if (this.live.peek(SERVER_PROCESS) !== server) return;
    // The MCP servers went with it: shown stopped (Start brings the server back). Its native tools
    // stay listed, as ECA has no state for them but 'running'; the next turn restarts them.
    for (const known of this.servers.values()) {
      if (known.type === 'mcp' && known.status !== 'stopped') this.toolServerChanged({ ...known, status: 'stopped' });
    }
  }
}
