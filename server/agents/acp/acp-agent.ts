/**
 * The ACP adapter (Agent Client Protocol v1, https://agentclientprotocol.com): one agent process
 * per configured agent serves every thread, with one ACP session per thread. A turn is one
 * `session/prompt`; Stop sends `session/cancel` and, if the agent has not ended the turn within
 * a grace period, stops the process. A process that dies fails the running turn with what it
 * said last; the next prompt starts it again (within the restart budget).
 *
 * Stop ends the turn at once whatever it waits for: a start or a session opening goes on in the
 * background (the next prompt reuses it), no prompt is sent after Stop, and a cancelled prompt
 * the agent has not ended yet is given its grace in the background, the session's next prompt
 * waiting for it.
 */
import type { AgentSetting } from '../../../lib/protocol/agents';
import type { AcpAvailableCommand } from '../../../lib/protocol/acp/session-update';
import { AcpSessionNotificationSchema, AcpWithdrawnPermissionSchema, readSessionUpdate } from '../../../lib/protocol/acp/session-update';
import type { ChatCommand } from '../../../lib/protocol/eca/chat-methods';
import { type AgentBackend, type AgentInfo, type AgentTurn, AgentUnavailableError } from '../agent-backend';
import type { AgentFactoryContext } from '../agent-factory';
import type { StdioAgentEntry } from '../agents-config';
import { agentLog } from '../external/agent-log';
import { primedMessage } from '../external/history-transcript';
import { LiveRegistry } from '../external/live-registry';
import { PermissionGate } from '../external/permission-gate';
import { RestartBudget } from '../external/restart-budget';
import { ShownAgentInfo } from '../external/shown-agent-info';
import { STOP_GRACE_MS, stopWithGrace, TURN_END_AFTER_STOP_MS } from '../external/stop-with-grace';
import { afterAbort, untilAborted } from '../external/until-aborted';
import { AcpActiveTurn } from './acp-active-turn';
import { additionalDirectories } from './acp-additional-directories';
import { createAcpClient } from './acp-client';
import { AcpElicitations } from './acp-elicitations';
import { judgedLocations } from './acp-files';
import { describe, type LiveAgent, startLiveAgent, untilGone } from './acp-live-agent';
import { AcpLogin, isAuthRequired, terminalAuthMethod } from './acp-login';
import { type Choice, SessionChoices } from './acp-session-choices';
import { setSessionSetting } from './acp-session-settings';
import { AcpTerminals } from './acp-terminals';
import { AcpThreadSessions, type ThreadSession } from './acp-thread-sessions';
import { AcpTurnMapper, type AgentStateListener } from './acp-update-mapper';

/** How long a failed request waits to learn whether the agent itself went away. */
const GONE_WAIT_MS = 1_000;
/** How long the relay's shutdown waits for the agent to close its sessions. */
const CLOSE_WAIT_MS = 2_000;
/** Shown as the model until the agent says which it uses. */
export const AGENT_CHOSEN_MODEL = 'chosen by the agent';
/** One process serves every thread: the registry holds it under this key. */
const AGENT_PROCESS = 'agent';

export function createAcpAgent(entry: Extract<StdioAgentEntry, { kind: 'acp' }>, context: AgentFactoryContext): AgentBackend {
  return new AcpAgent(entry, context);
}

export class AcpAgent implements AgentBackend {
  private readonly shown: ShownAgentInfo;
  private readonly live: LiveRegistry<LiveAgent>;
  private readonly sessions: AcpThreadSessions;
  private readonly activeTurns = new Map<string, AcpActiveTurn>();
  private readonly elicitations = new AcpElicitations((message) => this.log(message));
  private commands: ChatCommand[] = [];
  private readonly gate: PermissionGate;
  private readonly log: (message: string) => void;
  private readonly terminals: AcpTerminals;
  readonly login: AcpLogin;
  /** session/update notifications are shown one after the other, in the order they came. */
  private updates: Promise<void> = Promise.resolve();

  constructor(
    private readonly entry: Extract<StdioAgentEntry, { kind: 'acp' }>,
    private readonly context: AgentFactoryContext,
  ) {
    this.shown = new ShownAgentInfo({
      name: entry.label ?? context.name,
      kind: 'acp',
      model: AGENT_CHOSEN_MODEL,
      offlineDemo: false,
      capabilities: { contexts: false, commands: true, toolServers: false, sessionApproval: true },
    });
    this.gate = new PermissionGate(context.policy);
    this.log = agentLog(context);
    this.sessions = new AcpThreadSessions(
      async () => ({
        cwd: context.workspace.root,
        additionalDirectories: await additionalDirectories(context.workspace, entry.additionalDirectories ?? [], this.log),
      }),
      (message) => this.log(message),
      (session) => this.showChoices(session.choices),
    );
    this.live = new LiveRegistry(new RestartBudget(context.name), (live) => !live.isGone());
    this.terminals = new AcpTerminals(
      context.workspace,
      context.env,
      (sessionId, terminalId, chunk) => this.activeTurns.get(sessionId)?.terminalOutput(terminalId, chunk),
      context.sandbox,
    );
    this.login = new AcpLogin({ entry, context, logout: () => this.logout() });
  }

  get info(): AgentInfo {
    return this.shown.info;
  }

  async runTurn(turn: AgentTurn): Promise<void> {
    // Stop while the agent starts or a session opens ends the turn; what was begun goes on for the next prompt.
    const obtained = await untilAborted(
      this.live.obtain(AGENT_PROCESS, () => this.startLive()),
      turn.signal,
    );
    if (!obtained) return;
    const session = await untilAborted(this.openSession(obtained.value, turn), turn.signal);
    if (!session) return;
    if (
      (await untilAborted(
        this.applyChoices(session, turn).then(() => true),
        turn.signal,
      )) === undefined
    )
      return;
    const mapper = new AcpTurnMapper({
      emit: (content) => turn.emit(content),
      server: this.context.name,
      workspaceRoot: this.context.workspace.root,
      agentState: this.agentState(session),
      terminalOutput: (terminalId) => this.terminals.peekOutput(terminalId),
      terminalBoundary: (terminalId) => this.terminals.boundary(terminalId),
      history: turn.history,
    });
    const active = new AcpActiveTurn(turn, mapper, this.gate, (state) => judgedLocations(this.context.workspace, state));
    try {
      const text = await primedMessage(turn, this.info.name, session.needsPriming);
      // The session's previous prompt, stopped, may still be ending: a new one must not overlap it.
      await untilAborted(session.settled, turn.signal);
      // Checked last, right before sending: a prompt is never sent after Stop.
      if (turn.signal.aborted) return;
      // The stopped prompt's agent did not end it in its grace and was stopped: start it again.
      if (session.live.isGone()) return await this.runTurn(turn);
      this.activeTurns.set(session.sessionId, active);
      const response = await this.prompt(session, text, turn.signal);
      await this.updates;
      await mapper.finish();
      const usage = response?.usage;
      // The prompt's own count ends the turn's usage; the context and cost usage_update told stay on it.
      if (usage && typeof usage.totalTokens === 'number')
        await turn.emit({ type: 'usage', sessionTokens: usage.totalTokens, ...mapper.lastUsage });
    } finally {
      if (this.activeTurns.get(session.sessionId) === active) this.activeTurns.delete(session.sessionId);
    }
  }

  async listCommands(): Promise<ChatCommand[]> {
    return this.commands;
  }

  onInfoChanged(listener: () => void): void {
    this.shown.onChanged(listener);
  }

  async closeThread(threadId: string): Promise<void> {
    this.login.stopFor(threadId);
    const session = this.sessions.get(threadId);
    if (!session) return;
    this.sessions.delete(threadId);
    this.terminals.releaseAll(session.sessionId);
    if (session.live.isGone() || !session.live.capabilities.sessionCapabilities?.close) return;
    await untilGone(session.live, session.live.connection.closeSession({ sessionId: session.sessionId })).catch((error: unknown) =>
      this.log(`could not close session ${session.sessionId}: ${describe(error)}`),
    );
  }

  async close(): Promise<void> {
    this.terminals.releaseAll();
    await this.login.close();
    // The agent hears that Baton is done with each session it can close (`session/close`) before it
    // is stopped; an agent slow to answer does not hold the relay's shutdown.
    const closing = Promise.allSettled(this.sessions.threadIds().map((threadId) => this.closeThread(threadId)));
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
    const live = this.live.release(AGENT_PROCESS);
    this.sessions.clear();
    await (await live)?.shutdown();
  }

  private async startLive(): Promise<LiveAgent> {
    const client = createAcpClient({
      workspace: this.context.workspace,
      policy: this.context.policy,
      terminals: this.terminals,
      elicitations: this.elicitations,
      activeTurn: (sessionId) => this.activeTurns.get(sessionId),
      updatesShown: () => this.updates,
      onSessionUpdate: (params) => this.onSessionUpdate(params),
      log: (message) => this.log(message),
    });
    const live = await startLiveAgent(this.entry, this.context, {
      client,
      onSessionUpdate: (params) => this.onSessionUpdate(params),
      onRequestCancelled: (request) => this.onRequestCancelled(request),
    });
    void live.gone.then((reason) => this.log(`agent gone: ${reason}`));
    if (live.support) this.shown.update({ ...this.info, support: live.support });
    this.login.setCanLogOut(Boolean(live.capabilities.auth?.logout));
    return live;
  }

  /**
   * The thread's session; when the agent answers `auth_required` and offers a terminal login, the
   * user logs in through it and a fresh agent process (ACP v1 reconnects after a terminal login)
   * opens the session.
   */
  private async openSession(live: LiveAgent, turn: AgentTurn): Promise<ThreadSession> {
    try {
      return await this.sessions.ensure(live, turn);
    } catch (error) {
      if (!isAuthRequired(error)) throw error;
      const method = terminalAuthMethod(live.authMethods);
      if (!method) {
        const offered = live.authMethods.map((each) => each.name).join(', ');
        throw new Error(
          `${this.info.name} needs you to log in${offered ? ` (it offers: ${offered})` : ''}, and offers no login Baton can run: log in outside Baton, then send the prompt again.`,
          { cause: error },
        );
      }
      await this.login.run(turn.threadId, method, turn.signal);
      await (await this.live.release(AGENT_PROCESS))?.shutdown();
      const fresh = await this.live.obtain(AGENT_PROCESS, () => this.startLive());
      return this.sessions.ensure(fresh.value, turn);
    }
  }

  /** ACP `logout`; the agent is then started afresh, so that no session of the old login goes on. */
  private async logout(): Promise<void> {
    const live = this.live.peek(AGENT_PROCESS);
    if (!live || live.isGone()) throw new Error(`${this.info.name} is not running: it is logged out of nothing here.`);
    await untilGone(live, live.connection.logout({}));
    this.sessions.clear();
    await (await this.live.release(AGENT_PROCESS))?.shutdown();
  }

  async setSetting(threadId: string, settingId: string, value: boolean): Promise<AgentSetting[]> {
    const session = this.sessions.get(threadId);
    const settings = await setSessionSetting(this.info.name, session, settingId, value);
    if (session) this.showChoices(session.choices);
    return settings;
  }

  /**
   * The mode (`turn.behavior`) and model the user picked, when they name one the session offers.
   * A request still unanswered at Stop is cancelled (`$/cancel_request`): the next prompt sets
   * what its user picked.
   */
  private async applyChoices(session: ThreadSession, turn: AgentTurn): Promise<void> {
    const { modes, models } = session.choices;
    if (turn.behavior && modes?.values.includes(turn.behavior) && modes.current !== turn.behavior) {
      await this.setChoice(session, modes, turn.behavior, turn.signal);
    }
    if (turn.model && models?.values.includes(turn.model) && models.current !== turn.model) {
      await this.setChoice(session, models, turn.model, turn.signal);
    }
    this.showChoices(session.choices);
  }

  private async setChoice(session: ThreadSession, choice: Choice, value: string, signal: AbortSignal): Promise<void> {
    const { sessionId, live } = session;
    const cancel = { cancellationSignal: signal };
    if (choice.via === 'set_mode') {
      await untilGone(live, live.connection.request('session/set_mode', { sessionId, modeId: value }, cancel));
    } else if (choice.via === 'set_model') {
      await untilGone(live, live.connection.request('session/set_model', { sessionId, modelId: value }, cancel));
    } else {
      const answer = await untilGone(
        live,
        live.connection.request('session/set_config_option', { sessionId, configId: choice.via.configId, value }, cancel),
      );
      session.choices.setConfigOptions(SessionChoices.configOptionsOf(answer));
    }
    choice.current = value;
  }

  /**
   * One `session/prompt`. On Stop the agent is sent `session/cancel` and the turn ends once the
   * agent ends the prompt or TURN_END_AFTER_STOP_MS has passed, whichever is first; the agent's
   * grace goes on in the background (session.settled), and one that has not ended the prompt
   * by then is stopped.
   */
  private async prompt(session: ThreadSession, text: string, signal: AbortSignal) {
    const { live, sessionId } = session;
    const request = untilGone(live, live.connection.prompt({ sessionId, prompt: [{ type: 'text', text }] }));
    session.needsPriming = false;
    const stop = stopWithGrace(signal, {
      ask: () =>
        void live.connection.cancel({ sessionId }).catch((error: unknown) => this.log(`session/cancel failed: ${describe(error)}`)),
      giveUp: async () => {
        this.log(`the turn did not end within ${STOP_GRACE_MS} ms of session/cancel; stopping the agent`);
        await live.shutdown();
      },
    });
    session.settled = request.then(
      () => stop.done(),
      () => stop.done(),
    );
    try {
      return await Promise.race([request, afterAbort(signal, TURN_END_AFTER_STOP_MS)]);
    } catch (error) {
      // A stopped turn ends without an error, however the agent took the cancel.
      if (signal.aborted) return undefined;
      if (error instanceof AgentUnavailableError) throw error;
      // The connection closing rejects the request before the exit is known: wait a moment for it.
      const gone = await Promise.race([live.gone, new Promise<undefined>((resolve) => setTimeout(resolve, GONE_WAIT_MS))]);
      if (gone !== undefined) throw new AgentUnavailableError(gone, { cause: error });
      throw new Error(`${this.info.name} could not answer: ${describe(error)}`, { cause: error });
    }
  }

  /** The agent no longer needs an answer Baton owes it: a permission card it withdrew ends. */
  private onRequestCancelled({ method, params }: { method: string; params: unknown }): void {
    if (method === 'elicitation/create') return this.elicitations.withdraw(params);
    const withdrawn = method === 'session/request_permission' ? AcpWithdrawnPermissionSchema.safeParse(params) : undefined;
    if (!withdrawn?.success) {
      this.log(`the agent cancelled its ${method} request; Baton answers it as it stands`);
      return;
    }
    this.activeTurns.get(withdrawn.data.sessionId)?.withdrawPermission(withdrawn.data.toolCall.toolCallId);
  }

  private onSessionUpdate(params: unknown): void {
    const notification = AcpSessionNotificationSchema.safeParse(params);
    if (!notification.success) {
      this.log(`session/update without a session or an update kind, ignored: ${JSON.stringify(params)?.slice(0, 200)}`);
      return;
    }
    const { sessionId, update } = notification.data;
    this.updates = this.updates
      .then(async () => {
        const read = readSessionUpdate(update);
        if (!read.known) {
          this.log(
            `session/update ${read.kind} ${read.problem ? `could not be read (${read.problem})` : 'is not known to Baton'}; ignored`,
          );
          return;
        }
        const active = this.activeTurns.get(sessionId);
        if (active) return active.update(read.update);
        // Commands are the agent's, whatever session told of them (often one just created).
        if (read.update.sessionUpdate === 'available_commands_update') {
          this.commands = read.update.availableCommands.flatMap((command) => (command ? [chatCommand(command)] : []));
          return;
        }
        // Outside a turn (a session/load replay, or news about the agent): only the agent's state is kept.
        const session = this.sessions.bySessionId(sessionId);
        const state = session ? this.agentState(session) : undefined;
        if (read.update.sessionUpdate === 'current_mode_update') state?.onMode(read.update.currentModeId);
        else if (read.update.sessionUpdate === 'config_option_update')
          state?.onConfigOptions(read.update.configOptions.flatMap((o) => (o ? [o] : [])));
      })
      .catch((error: unknown) => this.log(`a session/update could not be shown: ${describe(error)}`));
  }

  private agentState(session: ThreadSession): AgentStateListener {
    return {
      onCommands: (commands) => {
        this.commands = commands.map(chatCommand);
      },
      onMode: (modeId) => {
        session.choices.setCurrentMode(modeId);
        this.showChoices(session.choices);
      },
      onConfigOptions: (options) => {
        session.choices.setConfigOptions(options);
        this.showChoices(session.choices);
      },
    };
  }

  private showChoices(choices: SessionChoices): void {
    this.shown.update({
      ...this.info,
      model: choices.models?.current ?? this.info.model,
      ...(choices.models ? { models: choices.models.values } : {}),
      ...(choices.modes ? { behaviors: choices.modes.values } : {}),
      settings: choices.settings,
    });
  }
}

function chatCommand(command: AcpAvailableCommand): ChatCommand {
  return {
    name: command.name,
    description: command.description ?? '',
    type: 'native',
    arguments: command.input ? [{ name: 'input', description: command.input.hint ?? undefined, required: false }] : [],
  };
}
