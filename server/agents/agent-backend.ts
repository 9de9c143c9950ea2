/**
 * The one interface every agent sits behind (built-in today; ECA, Autohand, Emacs-Agent and ACP
 * adapters later). A backend runs turns and reports what happens as ECA chat contents; the hub
 * records them, fans them out and owns approvals.
 */
import type { ThreadEntry } from '../../lib/protocol/acp-threads';
import type { ChatBehavior, ChatContentInput, ChatContext } from '../../lib/protocol/eca-chat';
import type { ChatCommand } from '../../lib/protocol/eca/chat-methods';

/**
 * A tab's answer to a tool call. 'approved-for-session' is ECA's `save: 'session'`
 * (chat/toolCallApprove): approved, and the user need not be asked again for this tool in this
 * thread until the relay stops. A backend that remembers nothing treats it as 'approved'.
 */
export type ApprovalDecision = 'approved' | 'approved-for-session' | 'rejected';

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
  /** Reports one content; resolves once it is recorded (so the order on the wire is the order here). */
  emit(content: ChatContentInput): Promise<void>;
  /** Waits for a tab to approve or reject a tool call already emitted with `manualApproval: true`. */
  awaitApproval(toolCallId: string): Promise<ApprovalDecision>;
}

export interface AgentInfo {
  /** Shown in the UI, e.g. "Built-in agent". */
  name: string;
  /** The model the turns use, e.g. "claude-sonnet-4-5" or "offline-demo". */
  model: string;
  /** True when the answers come from the scripted offline demo model, not a real one. */
  offlineDemo: boolean;
  /** The models a user may pick (`config/updated`); `model` is among them. */
  models?: readonly string[];
}

export interface AgentBackend {
  readonly info: AgentInfo;
  /** Runs one turn to its end. Rejects only on failures the user should see as an error. */
  runTurn(turn: AgentTurn): Promise<void>;
  /** The `/` commands a prompt may start with (`chat/queryCommands`); a prompt that starts with one runs it. */
  listCommands?(): Promise<ChatCommand[]>;
  close(): Promise<void>;
}
