/**
 * The one mapper between an external ECA server's `chat/contentReceived` and what the turn emits.
 * Baton's browser protocol is ECA's chat contents (DESIGN.md, decision 1), so most contents pass
 * through as they are (the schemas have already turned v1 shapes into v2). What changes:
 * - the user's own message and `progress finished` are the hub's to record: the first is
 *   dropped, the second ends the turn;
 * - tool call and reasoning ids are the server's, unique only as far as the server cares (a new
 *   chat after a restart, or a server that numbers per turn, may reuse one): an id the thread
 *   already holds gets a suffix, and approvals are answered with the server's own id;
 * - a call waiting for approval (`toolCallRun` with `manualApproval`) goes to the PermissionGate,
 *   which shows the card itself; the server's echo of a refusal the gate already showed is dropped;
 * - a `boundary` the server claims for a call is dropped: the server runs its commands itself,
 *   and only Baton can say which sandbox held for what Baton ran.
 */
import type { ThreadEntry } from '../../../lib/protocol/thread-model';
import type { ChatContent, ChatContentInput, ChatRole } from '../../../lib/protocol/eca-chat';
import { UniqueIds } from '../unique-ids';

type ToolCallRun = Extract<ChatContent, { type: 'toolCallRun' }>;

export type MappedContent =
  | { kind: 'emit'; content: ChatContentInput }
  /** Ask the user (through the gate); `call` carries Baton's id, `serverToolCallId` the server's. */
  | { kind: 'approval'; call: ToolCallRun; serverToolCallId: string }
  | { kind: 'finished' }
  | { kind: 'skip'; why: string };

export class EcaContentMapper {
  private readonly toolCallIds: UniqueIds;
  private readonly reasoningIds: UniqueIds;
  private readonly rejectedByGate = new Set<string>();

  constructor(history: readonly ThreadEntry[]) {
    this.toolCallIds = UniqueIds.forThread(history);
    this.reasoningIds = this.toolCallIds.beside();
  }

  /** The gate has shown the refusal of this call (server id): the server's own report is not shown again. */
  rejectedByTheGate(serverToolCallId: string): void {
    this.rejectedByGate.add(serverToolCallId);
  }

  map(role: ChatRole, content: ChatContent): MappedContent {
    if (role === 'user') return { kind: 'skip', why: "the user's message is recorded by the relay" };
    switch (content.type) {
      case 'progress':
        return content.state === 'finished' ? { kind: 'finished' } : { kind: 'emit', content };
      case 'reasonStarted':
        return { kind: 'emit', content: { ...content, id: this.reasoningId(content.id, true) } };
      case 'reasonText':
      case 'reasonFinished':
        return { kind: 'emit', content: { ...content, id: this.reasoningId(content.id, false) } };
      case 'toolCallPrepare':
        return { kind: 'emit', content: { ...content, id: this.toolCallId(content.id, true) } };
      case 'toolCallRun': {
        const call = { ...withoutBoundary(content), id: this.toolCallId(content.id, true) };
        return content.manualApproval ? { kind: 'approval', call, serverToolCallId: content.id } : { kind: 'emit', content: call };
      }
      case 'toolCallRunning':
        return { kind: 'emit', content: { ...withoutBoundary(content), id: this.toolCallId(content.id, false) } };
      case 'toolCalled':
      case 'toolCallRejected': {
        if (content.type === 'toolCallRejected' && this.rejectedByGate.has(content.id)) {
          return { kind: 'skip', why: `the refusal of ${content.id} is already shown` };
        }
        const ended = content.type === 'toolCalled' ? withoutBoundary(content) : content;
        return { kind: 'emit', content: { ...ended, id: this.toolCallIds.end(content.id) } };
      }
      case 'text':
      case 'url':
      case 'usage':
      case 'metadata':
        return { kind: 'emit', content };
      // Baton's own record of a hand-over: a server has no say in that.
      case 'handOver':
        return { kind: 'skip', why: 'a hand-over is the relay’s to record' };
      case 'threadRewound':
        return { kind: 'skip', why: 'a rewind is the relay’s to record' };
      // Baton's own record of a read: an ECA server has no such content.
      case 'fileRead':
        return { kind: 'skip', why: 'a file read is the relay’s to record' };
      // The relay records the user's answers on the cards itself.
      case 'toolCallApproval':
        return { kind: 'skip', why: 'an answer on a card is the relay’s to record' };
      // Questions to the user are asked through the relay, never as content.
      case 'elicitation':
      case 'elicitationAnswered':
        return { kind: 'skip', why: 'a question to the user is the relay’s to record' };
      default: {
        const unreachable: never = content;
        return unreachable;
      }
    }
  }

  private reasoningId(serverId: string, starts: boolean): string {
    return starts ? this.reasoningIds.fresh(serverId) : this.reasoningIds.idFor(serverId, false);
  }

  /** A call's first content (or a prepare or run after its id ended) gets a fresh id; the rest keep it. */
  private toolCallId(serverId: string, starts: boolean): string {
    // A new call under a reused id: the gate's refusal of the earlier one is not this one's.
    if (starts && this.toolCallIds.hasEnded(serverId)) this.rejectedByGate.delete(serverId);
    return this.toolCallIds.idFor(serverId, starts);
  }
}

function withoutBoundary<T extends ChatContent & { boundary?: unknown }>(content: T): T {
  const { boundary: _boundary, ...rest } = content;
  return rest as T;
}
