/**
 * One turn of one ECA chat: the server's contents for that chat, in order, turned into what the
 * turn emits (eca-content-mapper.ts), approvals through the PermissionGate, and the end of the
 * turn when the server says `progress finished` (specs/eca-protocol-v2.md, "Chat: tool call").
 */
import type { ChatContent, ChatRole } from '../../../lib/protocol/eca-chat';
import type { AgentTurn } from '../agent-backend';
import type { PermissionGate } from '../external/permission-gate';
import { EcaContentMapper } from './eca-content-mapper';

/** How the turn tells the server what the user decided, in ECA's words. */
export interface EcaApprovalChannel {
  approve(chatId: string, toolCallId: string, forSession: boolean): void;
  reject(chatId: string, toolCallId: string): void;
}

export class EcaChatTurn {
  /** Resolves when the server has finished the turn (or it was stopped); rejects when the server went away. */
  readonly done: Promise<void>;
  /** Set once the server has named the chat (the answer to chat/prompt). */
  chatId: string | undefined;
  private readonly mapper: EcaContentMapper;
  private queue: Promise<void> = Promise.resolve();
  /** Steer messages passed on to the server (`chat/promptSteer`) that it has not echoed yet. */
  private steersPassedOn = 0;
  private settled = false;
  /** The turn was stopped and has ended: the server's last contents are only waited through, not shown. */
  private quieted = false;
  private resolveDone: () => void = () => undefined;
  private rejectDone: (error: Error) => void = () => undefined;
  private markServerFinished: () => void = () => undefined;
  /** Resolves as soon as `progress finished` arrives, even while earlier contents are still being emitted. */
  private readonly serverFinished = new Promise<void>((resolve) => {
    this.markServerFinished = resolve;
  });

  constructor(
    private readonly turn: AgentTurn,
    private readonly gate: PermissionGate,
    private readonly approvals: EcaApprovalChannel,
    private readonly log: (message: string) => void,
  ) {
    this.mapper = new EcaContentMapper(turn.history);
    this.done = new Promise<void>((resolve, reject) => {
      this.resolveDone = resolve;
      this.rejectDone = reject;
    });
  }

  get isSettled(): boolean {
    return this.settled;
  }

  get threadId(): string {
    return this.turn.threadId;
  }

  /** A steer message went to the server: its echo as the user's is the moment the server took it. */
  steerPassedOn(): void {
    this.steersPassedOn += 1;
  }

  /** One content from the server for this chat; handled after every content before it. */
  receive(role: ChatRole, content: ChatContent): void {
    if (this.quieted && !this.settled) {
      if (content.type === 'progress' && content.state === 'finished') this.finish();
      return;
    }
    if (this.settled) {
      this.log(`a ${content.type} content arrived after the turn ended; not shown`);
      return;
    }
    if (content.type === 'progress' && content.state === 'finished') this.markServerFinished();
    this.queue = this.queue.then(() => this.handle(role, content)).catch((error: unknown) => this.fail(asError(error)));
  }

  /** A line from Baton (a server's `$/showMessage`), in order with the contents around it. */
  note(text: string): void {
    if (this.settled || this.quieted) return;
    this.queue = this.queue.then(() => this.turn.note(text)).catch((error: unknown) => this.fail(asError(error)));
  }

  /** Baton's turn ended on Stop before the server's: nothing more reaches it; `progress finished` still ends this. */
  quiet(): void {
    this.quieted = true;
  }

  finish(): void {
    if (this.settled) return;
    this.settled = true;
    this.markServerFinished();
    this.resolveDone();
  }

  /** The server went away: the turn fails, unless the user had stopped it, which then simply ends. */
  fail(error: Error): void {
    if (this.settled) return;
    if (this.turn.signal.aborted) {
      this.finish();
      return;
    }
    this.settled = true;
    this.markServerFinished();
    this.rejectDone(error);
  }

  private async handle(role: ChatRole, content: ChatContent): Promise<void> {
    if (this.settled) return;
    if (role === 'user' && content.type === 'text' && this.steersPassedOn > 0) {
      // The server took a steer message: the relay records it as the user's, here in the order of the turn.
      this.steersPassedOn -= 1;
      await this.turn.takeSteering?.();
      return;
    }
    const mapped = this.mapper.map(role, content);
    switch (mapped.kind) {
      case 'emit':
        await this.turn.emit(mapped.content);
        return;
      case 'finished':
        this.finish();
        return;
      case 'approval':
        await this.askApproval(mapped.call, mapped.serverToolCallId);
        return;
      case 'skip':
        this.log(`${content.type} not shown: ${mapped.why}`);
        return;
      default: {
        const unreachable: never = mapped;
        return unreachable;
      }
    }
  }

  /**
   * The relay's rules first (deny answers the server without asking, allow approves at once),
   * else the card and the user's answer. The gate emits the card and any refusal itself.
   */
  private async askApproval(call: Extract<ChatContent, { type: 'toolCallRun' }>, serverToolCallId: string): Promise<void> {
    const { origin, id, name, server, summary, details } = call;
    const request = this.gate.request(this.turn, {
      call: { origin, id, name, server, summary, details, arguments: call.arguments },
      // ECA does not say whether a tool only reads; the server asking means it wants a decision.
      readOnly: false,
    });
    const outcome = await Promise.race([request, this.serverFinished.then(() => undefined)]);
    const chatId = this.chatId;
    if (outcome === undefined || chatId === undefined) {
      this.log(`the approval of ${serverToolCallId} is no longer awaited: the turn ended first`);
      return;
    }
    if (outcome.decision === 'rejected') {
      this.mapper.rejectedByTheGate(serverToolCallId);
      this.approvals.reject(chatId, serverToolCallId);
    } else {
      this.approvals.approve(chatId, serverToolCallId, outcome.decision === 'approved-for-session');
    }
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
