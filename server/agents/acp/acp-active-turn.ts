/**
 * One prompt turn of one ACP session while it runs: it receives the session's updates, answers
 * the agent's permission requests through the relay's PermissionGate (with the agent's own
 * options), and puts what the agent does through the client (file writes, terminals) on the card
 * of the tool call it belongs to. A write or a terminal that belongs to no approved call is put
 * to the gate itself, so the relay's rules guard it however the agent goes about it.
 */
import type { RequestPermissionRequest, RequestPermissionResponse } from '@agentclientprotocol/sdk';
import { AcpToolCallFieldsSchema, type AcpKnownSessionUpdate } from '../../../lib/protocol/acp/session-update';
import { type ApprovalOption, ApprovalOptionSchema } from '../../../lib/protocol/agents';
import type { FileChangeDetails } from '../../../lib/protocol/eca-chat';
import type { AgentTurn } from '../agent-backend';
import type { JudgedPath } from '../../guard/path-arguments';
import { type GatedToolCall, type PermissionGate, pickOption } from '../external/permission-gate';
import { untilAborted } from '../external/until-aborted';
import { isReadOnly, mergeToolCall, type ToolCallState } from './acp-tool-calls';
import type { AcpTurnMapper } from './acp-update-mapper';

/** What Baton does for the agent outside its tool calls: read or write a file, run a terminal. */
export type OwnAction = 'read' | 'write' | 'execute';

/**
 * The ACP kinds whose approval covers each of those: an approved `read` never covers a write or a
 * terminal, an approved `edit` never a terminal (https://agentclientprotocol.com/protocol/tool-calls).
 */
const COVERING_KINDS: Readonly<Record<OwnAction, ReadonlySet<string>>> = {
  read: new Set(['read', 'search', 'edit', 'move', 'delete']),
  write: new Set(['edit', 'move', 'delete']),
  execute: new Set(['execute']),
};

const WITHDRAWN: unique symbol = Symbol('withdrawn');
export const WITHDRAWN_TEXT = 'Cancelled: the agent withdrew its request for permission before it was answered.';

export class AcpActiveTurn {
  /** Which tool call's card shows each terminal's output. */
  private readonly terminalCards = new Map<string, ToolCallState>();
  private ownCalls = 0;
  /** The resolved paths each call's locations named when it was put to the gate: its rules judged them. */
  private readonly judgedPaths = new Map<string, Set<string>>();
  /** Ends the wait of each pending permission request, by the agent's id of its call. */
  private readonly withdrawals = new Map<string, () => void>();
  private readonly withdrawnEarly = new Set<string>();

  constructor(
    readonly turn: AgentTurn,
    readonly mapper: AcpTurnMapper,
    private readonly gate: PermissionGate,
    /** The workspace paths a call's locations name, resolved, with what its kind does there. */
    private readonly judgeLocations: (state: ToolCallState) => Promise<JudgedPath[]> = async () => [],
  ) {}

  async update(update: AcpKnownSessionUpdate): Promise<void> {
    await this.mapper.apply(update);
    if (update.sessionUpdate !== 'tool_call' && update.sessionUpdate !== 'tool_call_update') return;
    const state = this.mapper.call(update.toolCallId);
    for (const item of state.content) {
      if (item.type === 'terminal' && item.terminalId) this.terminalCards.set(item.terminalId, state);
    }
  }

  /** The agent cancelled its permission request about this call (`$/cancel_request`): its card ends. */
  withdrawPermission(agentToolCallId: string): void {
    const withdraw = this.withdrawals.get(agentToolCallId);
    // The request may still be waiting for the updates before it to be shown.
    if (withdraw) withdraw();
    else this.withdrawnEarly.add(agentToolCallId);
  }

  async requestPermission(request: RequestPermissionRequest): Promise<RequestPermissionResponse> {
    const agentId = request.toolCall.toolCallId;
    let withdraw = () => {};
    const withdrawn = new Promise<void>((resolve) => (withdraw = resolve));
    this.withdrawals.set(agentId, withdraw);
    if (this.withdrawnEarly.delete(agentId)) withdraw();
    try {
      return await this.askPermission(request, withdrawn);
    } finally {
      if (this.withdrawals.get(agentId) === withdraw) this.withdrawals.delete(agentId);
    }
  }

  private async askPermission(request: RequestPermissionRequest, withdrawn: Promise<void>): Promise<RequestPermissionResponse> {
    if (this.turn.signal.aborted) return { outcome: { outcome: 'cancelled' } };
    const state = this.mapper.call(request.toolCall.toolCallId, true);
    const fields = AcpToolCallFieldsSchema.safeParse(request.toolCall);
    if (fields.success) mergeToolCall(state, fields.data);
    const options = request.options.flatMap((option): ApprovalOption[] => {
      const parsed = ApprovalOptionSchema.safeParse(option);
      return parsed.success ? [parsed.data] : [];
    });
    const paths = await this.judgeLocations(state);
    this.judgedPaths.set(state.id, new Set(paths.map((judged) => judged.path)));
    // ACP: a client that stops the turn answers every pending request `cancelled`, at once, whether
    // or not the user's answer ever comes.
    let shown = () => {};
    const asked = new Promise<void>((resolve) => (shown = resolve));
    // The gate's turn, telling when the card is up: a withdrawal ends the card only after it shows.
    const askingTurn: AgentTurn = Object.create(this.turn, {
      awaitApproval: {
        value: (toolCallId: string) => {
          shown();
          return this.turn.awaitApproval(toolCallId);
        },
      },
    });
    const gated = untilAborted(
      this.gate.request(askingTurn, { call: this.mapper.identity(state), readOnly: isReadOnly(state), options, paths }),
      this.turn.signal,
    );
    const outcome = await Promise.race([gated, withdrawn.then(() => Promise.race([asked.then((): typeof WITHDRAWN => WITHDRAWN), gated]))]);
    if (outcome === WITHDRAWN) {
      await this.endWithdrawn(state);
      return { outcome: { outcome: 'cancelled' } };
    }
    if (!outcome || this.turn.signal.aborted) return { outcome: { outcome: 'cancelled' } };
    this.mapper.gated(state, outcome.decision !== 'rejected');
    const picked = pickOption(options, outcome);
    return picked ? { outcome: { outcome: 'selected', optionId: picked.optionId } } : { outcome: { outcome: 'cancelled' } };
  }

  /**
   * Before Baton reads or writes a file or starts a terminal for the agent: the approved call it
   * belongs to, when that call's kind does this (a terminal for an `execute`, a write for an
   * `edit` that named the path); otherwise (or `ownCard`: a rule about it asks) a card of its own
   * put to the gate. Resolves undefined when refused.
   */
  async authorize(
    own: {
      action: OwnAction;
      name: string;
      summary: string;
      arguments: Record<string, unknown>;
      details?: FileChangeDetails;
      readOnly: boolean;
      paths?: readonly JudgedPath[];
    },
    { ownCard = false }: { ownCard?: boolean } = {},
  ): Promise<{ state?: ToolCallState; ownCall?: GatedToolCall } | undefined> {
    const current = this.mapper.currentCall();
    // An approved call covers what its kind does, at the paths it named: a write it never named,
    // or a question a rule raises about a path it never named, was never put to the user.
    const named = current && (own.paths ?? []).every((judged) => this.judgedPaths.get(current.id)?.has(judged.path));
    const kindCovers = current?.kind !== undefined && COVERING_KINDS[own.action].has(current.kind);
    const mustBeNamed = ownCard || own.action === 'write';
    if (current?.approved && kindCovers && (!mustBeNamed || named)) return { state: current };
    const call: GatedToolCall = {
      origin: 'native',
      id: `acp-${own.name}-${(this.ownCalls += 1)}-${Date.now()}`,
      name: own.name,
      server: this.mapper.server,
      summary: own.summary,
      arguments: own.arguments,
      ...(own.details ? { details: own.details } : {}),
    };
    const outcome = await this.gate.request(this.turn, { call, readOnly: own.readOnly, paths: own.paths });
    if (outcome.decision === 'rejected' || this.turn.signal.aborted) return undefined;
    return { ownCall: call };
  }

  /** A file Baton read after asking on a card of its own: that card ends. */
  async read(target: { ownCall?: GatedToolCall }, shownPath: string): Promise<void> {
    if (target.ownCall) {
      await this.turn.emit({ type: 'toolCalled', ...target.ownCall, error: false, outputs: [{ type: 'text', text: `Read ${shownPath}` }] });
    }
  }

  /** A file Baton wrote: on the card of its call, or as a finished card of its own. */
  async written(target: { state?: ToolCallState; ownCall?: GatedToolCall }, details: FileChangeDetails): Promise<void> {
    if (target.state) return this.mapper.written(target.state, details);
    if (target.ownCall) {
      await this.turn.emit({
        type: 'toolCalled',
        ...target.ownCall,
        details,
        error: false,
        outputs: [{ type: 'text', text: `Wrote ${details.path} (+${details.linesAdded} -${details.linesRemoved})` }],
      });
    }
  }

  /** A terminal was started for `target`: its output goes live to that card. */
  terminalStarted(terminalId: string, target: { state?: ToolCallState; ownCall?: GatedToolCall }): void {
    const state = target.state ?? (target.ownCall ? this.ownCallState(target.ownCall) : undefined);
    if (state && !this.terminalCards.has(terminalId)) this.terminalCards.set(terminalId, state);
  }

  terminalOutput(terminalId: string, chunk: string): void {
    const state = this.terminalCards.get(terminalId);
    if (state) this.mapper.output(state, chunk);
  }

  /** A terminal Baton put on a card of its own: the card ends when the terminal does. */
  async terminalExited(terminalId: string, output: string, exitCode: number | null): Promise<void> {
    const state = this.terminalCards.get(terminalId);
    if (!state?.id.startsWith('acp-terminal-')) return;
    await this.mapper.apply({
      sessionUpdate: 'tool_call_update',
      toolCallId: state.id,
      status: exitCode === 0 ? 'completed' : 'failed',
      rawOutput: `${output}\nExit code ${exitCode ?? 'none (killed)'}.`,
    });
  }

  /** The card of a question the agent withdrew: it ends as such, and the call's later updates are not shown on it. */
  private async endWithdrawn(state: ToolCallState): Promise<void> {
    state.stage = 'done';
    await this.turn.emit({
      type: 'toolCalled',
      ...this.mapper.identity(state),
      error: true,
      outputs: [{ type: 'text', text: WITHDRAWN_TEXT }],
      totalTimeMs: Math.round(performance.now() - state.startedAt),
    });
  }

  private ownCallState(call: GatedToolCall): ToolCallState {
    const state = this.mapper.call(call.id);
    mergeToolCall(state, { kind: call.name, title: call.summary, rawInput: call.arguments });
    this.mapper.gated(state, true);
    return state;
  }
}
