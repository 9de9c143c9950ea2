/**
 * The agent's questions to the user (ACP `elicitation/create`, https://agentclientprotocol.com/protocol/elicitation):
 * a form (`mode: "form"`, fields from a JSON Schema subset) or a link to open (`mode: "url"`),
 * shown as a card in the thread of the session it names. The user's answer goes back as
 * `accept` (with the form's values), `decline` or `cancel`; Stop and the turn's end answer
 * `cancel`. The agent may withdraw a question (`$/cancel_request`), and reports a URL question
 * done with `elicitation/complete`: either ends the card.
 *
 * A question tied to no session (request-scoped, asked while Baton authenticates) has no thread
 * to be shown in; Baton answers it `cancel`, and says so in the log.
 */
import type { CompleteElicitationNotification, CreateElicitationRequest, CreateElicitationResponse } from '@agentclientprotocol/sdk';
import { ElicitationFieldSchema, ElicitationFormSchema } from '../../../lib/protocol/elicitation';
import type { AgentTurn, ElicitationQuestion } from '../agent-backend';
import { acpRequestError } from './acp-sdk';

type AgentEnd = 'withdrawn' | 'completed';

export class AcpElicitations {
  /** Ends the wait of each question still on its card, by Baton's id for it. */
  private readonly agentEnds = new Map<string, (outcome: AgentEnd) => void>();
  /** Baton's ids of the questions waiting, by what the agent's request said: a withdrawal names the request. */
  private readonly byRequest = new Map<string, string[]>();
  /** The turn of each URL question the user opened, until the agent reports it done. */
  private readonly openedLinks = new Map<string, AgentTurn>();
  private count = 0;

  constructor(private readonly log: (message: string) => void) {}

  async create(
    request: CreateElicitationRequest,
    turnOf: (sessionId: string) => Promise<AgentTurn | undefined>,
  ): Promise<CreateElicitationResponse> {
    const sessionId = 'sessionId' in request ? request.sessionId : undefined;
    if (typeof sessionId !== 'string') {
      this.log(
        `the agent asked a question tied to no session ("${request.message.slice(0, 80)}"); Baton has no thread to show it in and answers cancel`,
      );
      return { action: 'cancel' };
    }
    const question = this.question(request);
    const turn = await turnOf(sessionId);
    if (!turn?.elicit || turn.signal.aborted) return { action: 'cancel' };
    let end: (outcome: AgentEnd) => void = () => undefined;
    const agentEnded = new Promise<AgentEnd>((resolve) => (end = resolve));
    const requestKey = keyOf(request);
    this.agentEnds.set(question.id, end);
    this.byRequest.set(requestKey, [...(this.byRequest.get(requestKey) ?? []), question.id]);
    try {
      const reply = await turn.elicit(question, agentEnded);
      if (question.mode === 'url' && reply.action === 'accept') this.openedLinks.set(question.id, turn);
      return reply.content ? { action: reply.action, content: reply.content } : { action: reply.action };
    } finally {
      this.agentEnds.delete(question.id);
      const left = (this.byRequest.get(requestKey) ?? []).filter((id) => id !== question.id);
      if (left.length > 0) this.byRequest.set(requestKey, left);
      else this.byRequest.delete(requestKey);
    }
  }

  /** `elicitation/complete`: the card of the URL question stops waiting, answered or not. */
  async complete({ elicitationId }: CompleteElicitationNotification): Promise<void> {
    const waiting = this.agentEnds.get(elicitationId);
    if (waiting) return waiting('completed');
    const turn = this.openedLinks.get(elicitationId);
    this.openedLinks.delete(elicitationId);
    if (turn?.completeElicitation) await turn.completeElicitation(elicitationId);
    else this.log(`elicitation/complete for ${elicitationId}, which Baton does not know; ignored`);
  }

  /** `$/cancel_request` for an `elicitation/create`: the agent no longer needs the answer. */
  withdraw(params: unknown): void {
    if (typeof params !== 'object' || params === null) return;
    const id = this.byRequest.get(keyOf(params as CreateElicitationRequest))?.[0];
    if (id) this.agentEnds.get(id)?.('withdrawn');
  }

  /** The question as its card shows it; one Baton cannot show is refused with why (-32602). */
  private question(request: CreateElicitationRequest): ElicitationQuestion {
    const invalid = (message: string) => acpRequestError().invalidParams({ mode: request.mode }, message);
    const toolCallId = 'toolCallId' in request && typeof request.toolCallId === 'string' ? { toolCallId: request.toolCallId } : {};
    if (request.mode === 'url') {
      const { elicitationId, url } = request as { elicitationId?: unknown; url?: unknown };
      if (typeof elicitationId !== 'string' || elicitationId === '' || typeof url !== 'string') {
        throw invalid('a URL question needs an elicitationId and a url');
      }
      if (this.agentEnds.has(elicitationId)) throw invalid(`a question with elicitationId ${elicitationId} already waits for an answer`);
      return { id: elicitationId, mode: 'url', message: request.message, url, ...toolCallId };
    }
    if (request.mode !== 'form') throw invalid(`Baton does not support elicitation mode "${request.mode}"; it shows forms and links`);
    const requested = (request as { requestedSchema?: { properties?: Record<string, unknown> } }).requestedSchema;
    for (const [name, field] of Object.entries(requested?.properties ?? {})) {
      if (!ElicitationFieldSchema.safeParse(field).success) {
        const type = typeof field === 'object' && field !== null ? JSON.stringify((field as { type?: unknown }).type) : 'unknown';
        throw invalid(`Baton cannot show field "${name}" (type ${type}); it shows text, numbers, whole numbers, yes/no and single choices`);
      }
    }
    const form = ElicitationFormSchema.safeParse(requested ?? {});
    if (!form.success) throw invalid(`Baton cannot show this form: ${form.error.issues.map((issue) => issue.message).join('; ')}`);
    return {
      id: `elicitation-${(this.count += 1)}-${Date.now()}`,
      mode: 'form',
      message: request.message,
      requestedSchema: form.data,
      ...toolCallId,
    };
  }
}

/** What tells one request apart from another in the same session, as the agent sent it. */
function keyOf(request: { sessionId?: unknown; mode?: unknown; message?: unknown; elicitationId?: unknown }): string {
  return JSON.stringify([request.sessionId, request.mode, request.message, request.elicitationId ?? null]);
}
