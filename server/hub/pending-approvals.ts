/**
 * The tool calls of a thread's running turn that wait for the user's approval. Who answered and
 * how is recorded in the thread before the agent hears it, so the record precedes what the call
 * does next; Stop rejects every waiting call, recorded as stopped.
 */
import type { ChatContentInput } from '../../lib/protocol/eca-chat';
import type { Actor } from '../../lib/protocol/roles';
import type { ApprovalAnswer } from '../agents/agent-backend';

type RecordedAnswer = 'approved' | 'approved-for-session' | 'rejected' | 'stopped';

export class PendingApprovals {
  private readonly waiting = new Map<string, (answer: ApprovalAnswer) => void>();

  constructor(
    /** Records a content of the thread (as the relay's own, not the agent's). */
    private readonly record: (content: ChatContentInput) => Promise<void>,
    /** Says that an answer could not be recorded (the agent hears it all the same). */
    private readonly unrecorded: (toolCallId: string, error: unknown) => void,
  ) {}

  /** Waits for the user's answer to the call; a turn already stopped gets a rejection at once. */
  wait(toolCallId: string, signal: AbortSignal): Promise<ApprovalAnswer> {
    if (signal.aborted) return Promise.resolve({ decision: 'rejected' });
    return new Promise((resolve) => this.waiting.set(toolCallId, resolve));
  }

  /**
   * `save: 'session'` (ECA) approves this tool for the rest of the thread's session as well;
   * `optionId` is the agent's own option the user picked, when the card offered some.
   */
  approve(toolCallId: string, save?: 'session', optionId?: string, by?: Actor): boolean {
    const decision = save === 'session' ? 'approved-for-session' : 'approved';
    return this.answer(toolCallId, { decision, optionId }, decision, by);
  }

  /** `by`: the paired device or configured user that answered, recorded with the answer; absent, the main token's owner. */
  reject(toolCallId: string, optionId?: string, by?: Actor): boolean {
    return this.answer(toolCallId, { decision: 'rejected', optionId }, 'rejected', by);
  }

  /** Stop: every waiting call is rejected, and recorded as stopped by `by`. */
  stopAll(by?: Actor): void {
    for (const toolCallId of [...this.waiting.keys()]) this.answer(toolCallId, { decision: 'rejected' }, 'stopped', by);
  }

  /** The turn is over: no call of it waits any more. */
  clear(): void {
    this.waiting.clear();
  }

  private answer(toolCallId: string, answer: ApprovalAnswer, recorded: RecordedAnswer, by?: Actor): boolean {
    const resolve = this.waiting.get(toolCallId);
    if (!resolve) return false;
    this.waiting.delete(toolCallId);
    const content = {
      type: 'toolCallApproval' as const,
      id: toolCallId,
      decision: recorded,
      ...(answer.optionId === undefined ? {} : { optionId: answer.optionId }),
      ...(by?.kind === 'device' ? { device: by.name } : {}),
      ...(by?.kind === 'user' ? { user: by.name } : {}),
    };
    this.record(content).catch((error: unknown) => this.unrecorded(toolCallId, error));
    resolve(answer);
    return true;
  }
}
