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
 *   which shows the card itself; the server's echo of a refusal the gate already showed is dropped.
 */
import type { ThreadEntry } from '../../../lib/protocol/acp-threads';
import type { ChatContent, ChatContentInput, ChatRole } from '../../../lib/protocol/eca-chat';

type ToolCallRun = Extract<ChatContent, { type: 'toolCallRun' }>;

export type MappedContent =
  | { kind: 'emit'; content: ChatContentInput }
  /** Ask the user (through the gate); `call` carries Baton's id, `serverToolCallId` the server's. */
  | { kind: 'approval'; call: ToolCallRun; serverToolCallId: string }
  | { kind: 'finished' }
  | { kind: 'skip'; why: string };

export class EcaContentMapper {
  /** Every tool call and reasoning id the thread holds or this turn has given out. */
  private readonly used = new Set<string>();
  private readonly toolCallIds = new Map<string, string>();
  private readonly reasoningIds = new Map<string, string>();
  /** Server ids of calls that are over (called or rejected): a later call with that id is a new one. */
  private readonly endedCalls = new Set<string>();
  private readonly rejectedByGate = new Set<string>();

  constructor(history: readonly ThreadEntry[]) {
    for (const entry of history) {
      if (entry.type === 'toolCall' || entry.type === 'reasoning') this.used.add(entry.id);
    }
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
        const call = { ...content, id: this.toolCallId(content.id, true) };
        return content.manualApproval ? { kind: 'approval', call, serverToolCallId: content.id } : { kind: 'emit', content: call };
      }
      case 'toolCallRunning':
        return { kind: 'emit', content: { ...content, id: this.toolCallId(content.id, false) } };
      case 'toolCalled':
      case 'toolCallRejected': {
        if (content.type === 'toolCallRejected' && this.rejectedByGate.has(content.id)) {
          return { kind: 'skip', why: `the refusal of ${content.id} is already shown` };
        }
        const id = this.toolCallId(content.id, false);
        this.endedCalls.add(content.id);
        return { kind: 'emit', content: { ...content, id } };
      }
      case 'text':
      case 'url':
      case 'usage':
      case 'metadata':
        return { kind: 'emit', content };
      // Baton's own record of a hand-over: a server has no say in that.
      case 'handOver':
        return { kind: 'skip', why: 'a hand-over is the relay’s to record' };
      default: {
        const unreachable: never = content;
        return unreachable;
      }
    }
  }

  private reasoningId(serverId: string, starts: boolean): string {
    const known = this.reasoningIds.get(serverId);
    if (known !== undefined && !starts) return known;
    return this.fresh(this.reasoningIds, serverId);
  }

  /** A call's first content (or a prepare or run after its id ended) gets a fresh id; the rest keep it. */
  private toolCallId(serverId: string, starts: boolean): string {
    const known = this.toolCallIds.get(serverId);
    const reused = this.endedCalls.has(serverId) && starts;
    if (known !== undefined && !reused) return known;
    this.endedCalls.delete(serverId);
    this.rejectedByGate.delete(serverId);
    return this.fresh(this.toolCallIds, serverId);
  }

  private fresh(ids: Map<string, string>, serverId: string): string {
    let id = serverId;
    for (let copy = 2; this.used.has(id); copy++) id = `${serverId}~${copy}`;
    this.used.add(id);
    ids.set(serverId, id);
    return id;
  }
}
