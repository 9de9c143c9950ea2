/**
 * Test support: an AgentTurn that records what a backend emits, checks every content against the
 * wire schema, folds it into thread entries the way the hub does, and answers approvals as the
 * test decides. Lets agent tests assert what a user would see without a relay.
 */
import type { ThreadEntry } from '../../../lib/protocol/thread-model';
import { type ChatContent, ChatContentSchema } from '../../../lib/protocol/eca-chat';
import { applyChatContent } from '../../../lib/thread/apply-chat-content';
import type { AgentTurn, ApprovalAnswer, ApprovalDecision, ElicitationQuestion } from '../../agents/agent-backend';
import { PendingElicitations } from '../pending-elicitations';

export interface RecordingTurnOptions {
  message: string;
  /** 'thread-under-test' when omitted. */
  threadId?: string;
  behavior?: AgentTurn['behavior'];
  model?: AgentTurn['model'];
  contexts?: AgentTurn['contexts'];
  history?: readonly ThreadEntry[];
  /** How the "user" answers each approval (a decision, or one with the option picked); never answers when omitted. */
  decide?: (toolCallId: string) => ApprovalDecision | ApprovalAnswer | Promise<ApprovalDecision | ApprovalAnswer>;
  /** The agent session saved for the thread by an earlier turn. */
  agentSessionId?: string;
  /** Called after each content is recorded, e.g. to press Stop at a chosen moment. */
  onContent?: (content: ChatContent, recorded: readonly ChatContent[]) => void;
  /** Called when the agent puts a question to the user (its card is recorded); answer it through `elicitations`. */
  onQuestion?: (question: ElicitationQuestion, elicitations: PendingElicitations) => void;
  /** Presses Stop when it aborts: for a test that decides to stop before it holds the recording. */
  stopSignal?: AbortSignal;
  /**
   * Gives the turn `offerPiece`, which takes a piece when this says so (the piece handed over;
   * false: the thread asks the agent to emit it instead). The turn has no `offerPiece` when omitted.
   */
  takesOfferedPiece?: (content: ChatContent) => boolean;
}

export interface RecordingTurn {
  turn: AgentTurn;
  contents: ChatContent[];
  /** The history plus the user's message plus everything the agent emitted, folded. */
  entries(): ThreadEntry[];
  /** Presses Stop. */
  stop(): void;
  approvalsAsked: string[];
  /** What `saveAgentSession` stored last (undefined when it was never called). */
  savedAgentSession(): string | null | undefined;
  /** Baton's own notes (`note`), in order. */
  notes: string[];
  /** The questions waiting for the user, as the hub keeps them (server/hub/pending-elicitations.ts). */
  elicitations: PendingElicitations;
}

export function createRecordingTurn(options: RecordingTurnOptions): RecordingTurn {
  const controller = new AbortController();
  options.stopSignal?.addEventListener('abort', () => controller.abort(), { once: true });
  const contents: ChatContent[] = [];
  const approvalsAsked: string[] = [];
  const notes: string[] = [];
  let savedSession: string | null | undefined;
  let entries = applyChatContent(options.history ?? [], 'user', { type: 'text', text: options.message });

  const recordNow = (content: ChatContent) => {
    contents.push(content);
    entries = applyChatContent(entries, 'assistant', content);
    options.onContent?.(content, contents);
  };
  const record = async (input: Parameters<AgentTurn['emit']>[0]) => recordNow(ChatContentSchema.parse(input));
  const { takesOfferedPiece } = options;
  const offerPiece = (input: Parameters<AgentTurn['emit']>[0]) => {
    const content = ChatContentSchema.parse(input);
    if (!takesOfferedPiece?.(content)) return false;
    recordNow(content);
    return true;
  };
  const elicitations = new PendingElicitations(record);
  // Stop answers what waits `cancel`, as the hub's session does.
  controller.signal.addEventListener('abort', () => void elicitations.endAll('stopped'), { once: true });

  const turn: AgentTurn = {
    threadId: options.threadId ?? 'thread-under-test',
    history: options.history ?? [],
    message: options.message,
    behavior: options.behavior,
    model: options.model,
    contexts: options.contexts,
    agentSessionId: options.agentSessionId,
    signal: controller.signal,
    async saveAgentSession(sessionId) {
      savedSession = sessionId;
    },
    async note(text) {
      notes.push(text);
      const content = ChatContentSchema.parse({ type: 'text', text });
      entries = applyChatContent(entries, 'system', content);
    },
    emit: record,
    ...(takesOfferedPiece ? { offerPiece } : {}),
    async elicit(question, agentEnded) {
      if (controller.signal.aborted) return { action: 'cancel' };
      const answered = elicitations.ask(question, agentEnded);
      options.onQuestion?.(question, elicitations);
      return answered;
    },
    completeElicitation: (id) => elicitations.end(id, 'completed'),
    async awaitApproval(toolCallId) {
      approvalsAsked.push(toolCallId);
      if (!options.decide) return new Promise<ApprovalAnswer>(() => undefined);
      const answer = await options.decide(toolCallId);
      return typeof answer === 'string' ? { decision: answer } : answer;
    },
  };
  return {
    turn,
    contents,
    entries: () => entries,
    stop: () => controller.abort(),
    approvalsAsked,
    savedAgentSession: () => savedSession,
    notes,
    elicitations,
  };
}

/** Content types in order, with runs of the same type collapsed: the shape of a turn at a glance. */
export function contentOutline(contents: readonly ChatContent[]): string[] {
  const outline: string[] = [];
  for (const content of contents) {
    const label = 'name' in content ? `${content.type}:${content.name}` : content.type;
    if (outline.at(-1) !== label) outline.push(label);
  }
  return outline;
}
