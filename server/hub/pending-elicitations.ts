/**
 * The questions an agent put to the user that wait for an answer (elicitation cards), kept beside
 * the tool calls waiting for approval: relay state, so any tab of the thread can answer, a reload
 * shows them again, and Stop cancels them. Each ending is recorded in the thread before the agent
 * hears it, so a reader of the thread later sees what was asked and how it was answered.
 */
import type { ElicitationAction, ElicitationContent, ElicitationOutcome, ElicitationValues } from '../../lib/protocol/elicitation';
import type { ChatContentInput } from '../../lib/protocol/eca-chat';
import { RelayError } from '../../lib/rpc/relay-error';
import { elicitationAnswerProblems } from '../../lib/thread/elicitation-answer';
import type { ElicitationQuestion, ElicitationReply } from '../agents/agent-backend';

const OUTCOME_OF: Record<ElicitationAction, ElicitationOutcome> = { accept: 'accepted', decline: 'declined', cancel: 'cancelled' };

interface Pending {
  question: ElicitationQuestion;
  resolve(reply: ElicitationReply): void;
}

export class PendingElicitations {
  private readonly pending = new Map<string, Pending>();

  constructor(
    /** Records a content of the thread (as the relay's own, not the agent's). */
    private readonly record: (content: ChatContentInput) => Promise<void>,
  ) {}

  /**
   * Shows the question and waits for its answer. When `agentEnded` settles first (the agent
   * withdrew it, or reported a URL question done) the card ends as it says and the agent is
   * answered `cancel`.
   */
  async ask(question: ElicitationQuestion, agentEnded?: Promise<'withdrawn' | 'completed'>): Promise<ElicitationReply> {
    if (this.pending.has(question.id)) throw new Error(`a question with id ${question.id} already waits for an answer`);
    const content: ElicitationContent = { type: 'elicitation', ...question };
    const answered = new Promise<ElicitationReply>((resolve) => this.pending.set(question.id, { question, resolve }));
    await this.record(content);
    void agentEnded?.then((outcome) => this.end(question.id, outcome));
    return answered;
  }

  /**
   * The user's answer from a tab. A form's values must fit its schema; a bad answer is refused
   * with what is wrong, and the question keeps waiting.
   */
  async answer(id: string, action: ElicitationAction, content: ElicitationValues | undefined, device?: string): Promise<void> {
    const waiting = this.pending.get(id);
    if (!waiting)
      throw new RelayError('unknown-elicitation', `No question ${id} waits for an answer in this thread; it was answered or has ended.`);
    const { question } = waiting;
    const values = action === 'accept' && question.mode === 'form' ? (content ?? {}) : undefined;
    if (values && question.requestedSchema) {
      const problems = elicitationAnswerProblems(question.requestedSchema, values);
      if (problems.length > 0)
        throw new RelayError('invalid-elicitation-answer', `The answer does not fit the form: ${problems.join('; ')}.`);
    }
    if (action !== 'accept' && content !== undefined) {
      throw new RelayError('invalid-elicitation-answer', `Only an accepted answer carries values; a ${action} carries none.`);
    }
    this.pending.delete(id);
    await this.record({
      type: 'elicitationAnswered',
      id,
      outcome: OUTCOME_OF[action],
      ...(values ? { content: values } : {}),
      ...(device === undefined ? {} : { device }),
    });
    waiting.resolve(action === 'accept' ? { action, ...(values ? { content: values } : {}) } : { action });
  }

  /**
   * Ends a question without the user's answer (Stop, the turn's end, the agent's withdrawal or
   * completion): the agent is answered `cancel`. A URL question already opened that the agent
   * completes is recorded as completed too, so its card stops waiting.
   */
  /** `device`: the paired device whose Stop ended it. */
  async end(id: string, outcome: 'stopped' | 'ended' | 'withdrawn' | 'completed', device?: string): Promise<void> {
    const waiting = this.pending.get(id);
    if (!waiting && outcome !== 'completed') return;
    this.pending.delete(id);
    await this.record({ type: 'elicitationAnswered', id, outcome, ...(device === undefined ? {} : { device }) });
    waiting?.resolve({ action: 'cancel' });
  }

  /** Ends every question still waiting. */
  async endAll(outcome: 'stopped' | 'ended', device?: string): Promise<void> {
    await Promise.all([...this.pending.keys()].map((id) => this.end(id, outcome, device)));
  }
}
