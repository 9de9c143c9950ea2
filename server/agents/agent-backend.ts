/**
 * The one interface every agent sits behind: the built-in agent and the adapters of external
 * agents (ECA servers, Autohand, Emacs-Agent backends, ACP agents). A backend runs turns and
 * reports what happens as ECA chat contents; the hub records them, fans them out and owns
 * approvals. One backend serves every thread bound to its configured agent.
 */
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import type { AgentDescription, AgentKind, AgentSetting, ApprovalOption } from '../../lib/protocol/agents';
import type { ChatBehavior, ChatContentInput, ChatContext } from '../../lib/protocol/eca-chat';
import type { ElicitationAction, ElicitationContent, ElicitationValues } from '../../lib/protocol/elicitation';
import type { ChatCommand } from '../../lib/protocol/eca/chat-methods';
import type { ToolServerUpdatedParams } from '../../lib/protocol/eca/tool-servers';
import type { AgentLogin } from './agent-login';

/**
 * A tab's answer to a tool call. 'approved-for-session' is ECA's `save: 'session'`
 * (chat/toolCallApprove): approved, and the user need not be asked again for this tool in this
 * thread until the relay stops. A backend that remembers nothing treats it as 'approved'.
 */
export type ApprovalDecision = 'approved' | 'approved-for-session' | 'rejected';

/** The decision, and which of the agent's own options the user picked when the card offered them. */
export interface ApprovalAnswer {
  decision: ApprovalDecision;
  optionId?: string;
}

/** A question an agent puts to the user (lib/protocol/elicitation.ts), as its card shows it. */
export type ElicitationQuestion = Omit<ElicitationContent, 'type'>;

/** The answer the agent gets: the user's, or `cancel` when the question ended without one. */
export interface ElicitationReply {
  action: ElicitationAction;
  content?: ElicitationValues;
}

export interface AgentTurn {
  threadId: string;
  /** The thread's entries before this prompt, oldest first. */
  history: readonly ThreadEntry[];
  /** What the user typed. */
  message: string;
  /** ECA's chat behaviour: 'plan' offers the model only tools that read; 'agent' (the default) offers all. */
  behavior?: ChatBehavior;
  /** Contexts the user attached (`@` in the composer); the backend resolves them into the prompt. */
  contexts?: readonly ChatContext[];
  /** The model the user picked, one of `AgentInfo.models`; the backend's default when absent. */
  model?: string;
  /** Aborted when the user presses Stop; the backend must end the turn promptly. */
  signal: AbortSignal;
  /**
   * The agent's own session for this thread as last saved with `saveAgentSession` (an ACP or
   * Emacs-Agent session id, an ECA chat id); absent when this agent has none for the thread yet
   * (a new thread, or one just handed over to it).
   */
  agentSessionId?: string;
  /** Stores the agent's session id with the thread, so that a relay restart can resume it. */
  saveAgentSession(sessionId: string | null): Promise<void>;
  /** Reports one content; resolves once it is recorded (so the order on the wire is the order here). */
  emit(content: ChatContentInput): Promise<void>;
  /**
   * Hands over a streamed piece (a text or reasoning piece) without a promise: true when the thread
   * took it, in order with what was emitted before; false, with nothing taken, when the agent must
   * `emit` it and await that (the thread asks it to wait, or cannot take it). Optional: a backend
   * may emit every content. What a fast stream saves is a promise and its microtasks per piece.
   */
  offerPiece?(content: ChatContentInput): boolean;
  /** Records a line from Baton itself (not the agent), such as "a new session was started". */
  note(text: string): Promise<void>;
  /** Waits for a tab to approve or reject a tool call already emitted with `manualApproval: true`. */
  awaitApproval(toolCallId: string): Promise<ApprovalAnswer>;
  /**
   * Puts a question to the user as a card in the thread and waits for the answer; Stop or the
   * turn's end answers `cancel`. When `agentEnded` settles first (the agent withdrew the question,
   * or reported a URL question done) the card ends as it says and `cancel` is returned. Absent
   * where no one can be asked.
   */
  elicit?(question: ElicitationQuestion, agentEnded?: Promise<'withdrawn' | 'completed'>): Promise<ElicitationReply>;
  /** The agent reports a URL question the user already opened done (`elicitation/complete`): its card stops waiting. */
  completeElicitation?(id: string): Promise<void>;
  /**
   * A message the user sent while this turn runs (ECA's `chat/promptSteer`), already recorded as
   * the user's once taken; undefined when none waits. A backend that can takes it at each model
   * turn boundary and adds it to what the model reads next; one not taken when the turn ends is
   * dropped (the editor sends it again as a prompt).
   */
  takeSteering?(): Promise<string | undefined>;
  /**
   * Runs `change`, which writes the workspace files at `paths` (as a tool call of the agent),
   * keeping what each was before so that a rewind of the thread can put it back. Absent when
   * nothing is kept (a backend then just runs the change).
   */
  trackFileChanges?<T>(paths: readonly string[], change: () => Promise<T>, toolCallId?: string): Promise<T>;
  /**
   * Hands over what a tool call the turn ended without is still doing (Stop came while it ran):
   * the turn ends at once, and neither a deletion of the thread nor the relay's close goes on
   * until `work` settles, so that nothing it writes lands after the thread or the relay has gone.
   */
  leaveRunning?(work: Promise<unknown>): void;
}

export interface AgentInfo {
  /** Shown in the UI, e.g. "Built-in agent". */
  name: string;
  /** The protocol the agent speaks. */
  kind?: AgentKind;
  /** The model the turns use, e.g. "claude-sonnet-4-5" or "offline-demo". */
  model: string;
  /** True when the answers come from the scripted offline demo model, not a real one. */
  offlineDemo: boolean;
  /** The models a user may pick (`config/updated`); `model` is among them. */
  models?: readonly string[];
  /** The behaviours (ECA) or modes (ACP) a user may pick; absent means ECA's 'agent' and 'plan'. */
  behaviors?: readonly string[];
  /** The agent's on/off settings as its latest session reported them (ACP `boolean` config options). */
  settings?: readonly AgentSetting[];
  /** What the UI may offer for this agent; absent fields mean the built-in agent's defaults. */
  capabilities?: Partial<AgentDescription['capabilities']>;
  /** What the agent said it supports once started (ACP's `initialize`). */
  support?: AgentDescription['support'];
}

/**
 * A turn that could not go on because the agent itself went away (its process exited, its
 * framing broke, its server is down). The hub records the turn as interrupted, with `message`.
 */
export class AgentUnavailableError extends Error {
  override readonly name = 'AgentUnavailableError';
  readonly code = 'agent-unavailable';
}

/**
 * Tool servers an agent runs itself (an ECA server's native tools and MCP servers), shown in the
 * tools panel while one of its threads is open. Start and Stop are answered by a later update.
 */
export interface AgentToolServers {
  current(): ToolServerUpdatedParams[];
  start(name: string): Promise<void>;
  stop(name: string): Promise<void>;
  /** Called with each server whose state changed. */
  onUpdated(listener: (server: ToolServerUpdatedParams) => void): void;
}

export interface AgentBackend {
  readonly info: AgentInfo;
  /** Runs one turn to its end. Rejects only on failures the user should see as an error. */
  runTurn(turn: AgentTurn): Promise<void>;
  /** The `/` commands a prompt may start with (`chat/queryCommands`); a prompt that starts with one runs it. */
  listCommands?(): Promise<ChatCommand[]>;
  /**
   * The `@` contexts the agent itself offers for `query`, besides those already chosen; an agent
   * without it is offered the workspace's files and folders.
   */
  queryContext?(query: string, chosen: readonly ChatContext[], threadId?: string): Promise<ChatContext[]>;
  toolServers?: AgentToolServers;
  /** The agent's login (a login terminal, Log out); absent for agents that log nobody in. */
  login?: AgentLogin;
  /** The user picked another behaviour in the composer (ECA's `chat/selectedBehaviorChanged`). */
  selectBehavior?(behavior: string): Promise<void>;
  /**
   * Passes a steer message on to the thread's running turn at once (an ECA server's
   * `chat/promptSteer`); the turn then calls `takeSteering` when the agent says it took it. Absent
   * for agents that pull it themselves (`takeSteering` at their own step) or cannot take one.
   */
  steer?(threadId: string, message: string): Promise<void>;
  /**
   * A tab opened one of the agent's threads, so a prompt may come soon: an agent whose first turn
   * has slow set-up (the built-in agent's model thread) may begin it now. Nothing reaches the model.
   */
  prepare?(): void;
  /** Lets go of what the backend holds for one thread (its agent session); the thread may come back. */
  closeThread?(threadId: string): Promise<void>;
  /**
   * Turns one of `info.settings` on or off in the thread's session and answers with every setting
   * as the agent then reports it; rejects with what went wrong (no session yet, the agent refused).
   */
  setSetting?(threadId: string, settingId: string, value: boolean): Promise<AgentSetting[]>;
  /** Called when `info` changes (an agent that reports its models or modes once it runs). */
  onInfoChanged?(listener: () => void): void;
  close(): Promise<void>;
}

export type { ApprovalOption };
