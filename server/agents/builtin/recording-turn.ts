/**
 * Test support: an AgentTurn that records what a backend emits, checks every content against the
 * wire schema, folds it into thread entries the way the hub does, and answers approvals as the
 * test decides. Lets agent tests assert what a user would see without a relay.
 */
import type { ThreadEntry } from '../../../lib/protocol/acp-threads';
import { type ChatContent, ChatContentSchema } from '../../../lib/protocol/eca-chat';
import { applyChatContent } from '../../../lib/thread/apply-chat-content';
import type { AgentTurn, ApprovalDecision } from '../agent-backend';

export interface RecordingTurnOptions {
  message: string;
  /** 'thread-under-test' when omitted. */
  threadId?: string;
  behavior?: AgentTurn['behavior'];
  model?: AgentTurn['model'];
  contexts?: AgentTurn['contexts'];
  history?: readonly ThreadEntry[];
  /** How the "user" answers each approval; never answers when omitted. */
  decide?: (toolCallId: string) => ApprovalDecision | Promise<ApprovalDecision>;
  /** Called after each content is recorded, e.g. to press Stop at a chosen moment. */
  onContent?: (content: ChatContent, recorded: readonly ChatContent[]) => void;
  /** Presses Stop when it aborts: for a test that decides to stop before it holds the recording. */
  stopSignal?: AbortSignal;
}

export interface RecordingTurn {
  turn: AgentTurn;
  contents: ChatContent[];
  /** The history plus the user's message plus everything the agent emitted, folded. */
  entries(): ThreadEntry[];
  /** Presses Stop. */
  stop(): void;
  approvalsAsked: string[];
}

export function createRecordingTurn(options: RecordingTurnOptions): RecordingTurn {
  const controller = new AbortController();
  options.stopSignal?.addEventListener('abort', () => controller.abort(), { once: true });
  const contents: ChatContent[] = [];
  const approvalsAsked: string[] = [];
  let entries = applyChatContent(options.history ?? [], 'user', { type: 'text', text: options.message });

  const turn: AgentTurn = {
    threadId: options.threadId ?? 'thread-under-test',
    history: options.history ?? [],
    message: options.message,
    behavior: options.behavior,
    model: options.model,
    contexts: options.contexts,
    signal: controller.signal,
    async emit(input) {
      const content = ChatContentSchema.parse(input);
      contents.push(content);
      entries = applyChatContent(entries, 'assistant', content);
      options.onContent?.(content, contents);
    },
    async awaitApproval(toolCallId) {
      approvalsAsked.push(toolCallId);
      if (!options.decide) return new Promise<ApprovalDecision>(() => undefined);
      return options.decide(toolCallId);
    },
  };
  return {
    turn,
    contents,
    entries: () => entries,
    stop: () => controller.abort(),
    approvalsAsked,
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
