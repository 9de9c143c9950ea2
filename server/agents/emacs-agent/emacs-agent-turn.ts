/**
 * One turn of an Emacs-Agent session, after its prompt was accepted: reads the session's events
 * until `agent.state` idle (specs/emacs-agent-http-sse.md, "Complete Prompt-to-Response Flow"),
 * emits each as ECA chat contents (emacs-agent-mapper.ts), answers tool calls that wait for
 * approval through the PermissionGate with POST approve / reject ("Tool Approval Flow"), and on
 * Stop sends POST interrupt and waits up to a grace period for idle.
 */
import { callCommands } from '../../guard/call-commands';
import type { EmacsAgentSseEvent } from '../../../lib/protocol/emacs-agent/sse-events';
import type { AgentTurn } from '../agent-backend';
import { UniqueIds } from '../unique-ids';
import type { ApprovalPolicy } from '../../guard/approval-policy';
import type { PermissionGate, PermissionOutcome } from '../external/permission-gate';
import { type StopWithGrace, stopWithGrace } from '../external/stop-with-grace';
import { untilAborted } from '../external/until-aborted';
import type { EmacsAgentClient } from './emacs-agent-client';
import {
  errorContent,
  errorText,
  fileChangedContent,
  type MappedToolCall,
  mapToolCall,
  progressContent,
  READ_ONLY_TOOLS,
  textContent,
  toolResultContent,
  unknownCall,
} from './emacs-agent-mapper';
import type { FileChangeTracker, FileSnapshot } from './file-change-tracker';
import type { SessionEventStream } from './session-event-stream';

type EventOf<T extends EmacsAgentSseEvent['type']> = Extract<EmacsAgentSseEvent, { type: T }>;

export interface EmacsAgentTurnContext {
  turn: AgentTurn;
  sessionId: string;
  client: EmacsAgentClient;
  stream: SessionEventStream;
  gate: PermissionGate;
  policy: ApprovalPolicy;
  files: FileChangeTracker;
  /** The agent's name in config.json. */
  agentName: string;
  log: (message: string) => void;
  /** How long Stop waits for idle after POST interrupt (Stop's usual grace when not given). */
  stopGraceMs?: number;
  /**
   * The session's previous turn was stopped before its idle came: an idle before any other event
   * of this turn is that one, not this turn's end.
   */
  skipFirstIdle: boolean;
}

/** How a turn ended: with idle from the backend, or stopped before idle came. */
export type TurnEnd = 'idle' | 'stopped-without-idle';

/** The backend reported `agent.state` error: the turn failed. */
export class EmacsAgentTurnError extends Error {
  override readonly name = 'EmacsAgentTurnError';
}

interface CallRecord {
  call: MappedToolCall;
  snapshot?: FileSnapshot;
  startedAt: number;
  rejected: boolean;
  /** The toolCalled sent for it, to send again with the details of a `file.changed`. */
  called?: ReturnType<typeof toolResultContent>;
}

export class EmacsAgentTurn {
  /** By the backend's tool_call_id; each record's call carries Baton's id, unique in the thread. */
  private readonly calls = new Map<string, CallRecord>();
  private readonly toolCallIds: UniqueIds;
  private pendingError: EventOf<'error'> | undefined;
  private stopping = false;
  /** POST interrupt, once Stop was pressed. */
  private interrupted: Promise<unknown> | undefined;
  private unexplainedChanges = 0;
  private skipIdle: boolean;

  constructor(private readonly context: EmacsAgentTurnContext) {
    this.skipIdle = context.skipFirstIdle;
    this.toolCallIds = UniqueIds.forThread(context.turn.history);
  }

  async run(): Promise<TurnEnd> {
    const { turn, stream } = this.context;
    // What the backend does after the grace period is no longer this turn's: reading just stops.
    const stop = stopWithGrace(turn.signal, { ask: () => this.interrupt(), giveUp: () => undefined, graceMs: this.context.stopGraceMs });
    try {
      for (;;) {
        const next = await stream.next(turn.signal);
        if (!next) return await this.stopped(stop);
        if ((await this.handle(next.event)) === 'idle') return 'idle';
      }
    } finally {
      stop.done();
    }
  }

  /** POST interrupt; it failing (logged) means the backend could not be asked. */
  private interrupt(): Promise<unknown> {
    const { client, sessionId, log } = this.context;
    this.interrupted = client.call('interrupt', { sessionId }).catch((error: unknown) => {
      log(`interrupt of session ${sessionId} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    });
    return this.interrupted;
  }

  /** After Stop: the events up to idle, for as long as the grace period lasts, once the backend was asked. */
  private async stopped(stop: StopWithGrace): Promise<TurnEnd> {
    const { stream, log } = this.context;
    this.stopping = true;
    const asked = await this.interrupted?.then(
      () => true,
      () => false,
    );
    if (!asked) return 'stopped-without-idle';
    for (;;) {
      const next = await stream.next(stop.graceOver).catch((error: unknown) => {
        log(`the event stream failed while stopping: ${String(error)}`);
        return undefined;
      });
      if (!next) return 'stopped-without-idle';
      if ((await this.handle(next.event)) === 'idle') return 'idle';
    }
  }

  private async handle(event: EmacsAgentSseEvent): Promise<'idle' | 'continue'> {
    const { turn } = this.context;
    const idle = event.type === 'agent.state' && event.state === 'idle';
    if (this.skipIdle && idle) {
      this.skipIdle = false;
      this.context.log('dropped the idle of the stopped turn before');
      return 'continue';
    }
    this.skipIdle = false;
    if (this.pendingError && !(event.type === 'agent.state' && event.state === 'error')) await this.flushError();
    switch (event.type) {
      case 'message.delta':
        await turn.emit(textContent(event));
        return 'continue';
      case 'tool.call':
        await this.toolCall(event);
        return 'continue';
      case 'tool.result':
        await this.toolResult(event);
        return 'continue';
      case 'file.changed':
        await this.fileChanged(event);
        return 'continue';
      case 'error':
        this.pendingError = event;
        return 'continue';
      case 'agent.state': {
        if (event.state === 'idle') return 'idle';
        if (event.state === 'error') {
          const why = this.pendingError ? errorText(this.pendingError) : (event.details ?? 'no details given');
          throw new EmacsAgentTurnError(`${this.context.agentName} reported an error: ${why}`);
        }
        const progress = progressContent(event);
        if (progress) await turn.emit(progress);
        return 'continue';
      }
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  }

  private async flushError(): Promise<void> {
    const error = this.pendingError!;
    this.pendingError = undefined;
    await this.context.turn.emit(errorContent(error, this.context.agentName));
  }

  private async toolCall(event: EventOf<'tool.call'>): Promise<void> {
    const { turn, files, gate, client, sessionId, agentName, policy, log } = this.context;
    const snapshot = await files.snapshot(event.params);
    const mapped = mapToolCall(event, agentName, snapshot && files.preview(event.tool, event.params, snapshot));
    // A `tool.call` always opens a call: one that reuses an id must not merge into the earlier one.
    const call = { ...mapped, id: this.toolCallIds.fresh(event.tool_call_id) };
    const record: CallRecord = { call, snapshot, startedAt: performance.now(), rejected: false };
    this.calls.set(event.tool_call_id, record);
    if (!event.requires_approval) {
      // Sessions are created with auto_approve_readonly off, so that every call comes here; a
      // backend that runs one anyway cannot be stopped, so it is shown as running.
      const commands = await callCommands({ name: call.name, arguments: call.arguments });
      const verdict = policy.decide({ name: call.name, arguments: call.arguments, readOnly: READ_ONLY_TOOLS.has(call.name), commands });
      if (verdict.decision !== 'allow')
        log(`${agentName} runs ${call.name} without asking, although Baton's config says ${verdict.decision}`);
      await turn.emit({ type: 'toolCallRun', ...call, manualApproval: false });
      await turn.emit({ type: 'toolCallRunning', ...call });
      return;
    }
    const outcome = this.stopping
      ? undefined
      : await untilAborted(gate.request(turn, { call, readOnly: READ_ONLY_TOOLS.has(call.name) }), turn.signal);
    // Stopped while the user was asked: POST interrupt (next) cancels the backend's wait.
    if (!outcome && turn.signal.aborted && !this.stopping) return;
    const approved = outcome !== undefined && outcome.decision !== 'rejected';
    if (approved) {
      await client.call('approveToolCall', { sessionId, body: { tool_call_id: event.tool_call_id } });
      await turn.emit({ type: 'toolCallRunning', ...call });
      return;
    }
    record.rejected = true;
    if (!outcome) await turn.emit({ type: 'toolCallRejected', ...call, reason: 'user-choice' });
    await client.call('rejectToolCall', { sessionId, body: { tool_call_id: event.tool_call_id, reason: rejectionReason(outcome) } });
  }

  private async toolResult(event: EventOf<'tool.result'>): Promise<void> {
    const record = this.calls.get(event.tool_call_id);
    if (!record) this.context.log(`tool.result for ${event.tool_call_id}, a call this turn did not see`);
    if (event.status === 'rejected' && record?.rejected) return;
    const call = record?.call ?? {
      ...unknownCall(event.tool_call_id, this.context.agentName),
      id: this.toolCallIds.fresh(event.tool_call_id),
    };
    const content = toolResultContent(event, call, record ? Math.round(performance.now() - record.startedAt) : undefined);
    if (record) record.called = content;
    await this.context.turn.emit(content);
  }

  private async fileChanged(event: EventOf<'file.changed'>): Promise<void> {
    const { files, turn, agentName } = this.context;
    for (const record of [...this.calls.values()].reverse()) {
      if (!record.snapshot || !(await files.isSameFile(event.path, record.snapshot))) continue;
      const details = await files.changed(record.snapshot);
      if (!details) return;
      record.call = { ...record.call, details };
      if (record.called) {
        record.called = { ...record.called, details } as typeof record.called;
        await turn.emit(record.called);
      }
      return;
    }
    this.unexplainedChanges += 1;
    await turn.emit(
      fileChangedContent(event, `file-changed-${this.context.sessionId}-${Date.now()}-${this.unexplainedChanges}`, agentName),
    );
  }
}

function rejectionReason(outcome: PermissionOutcome | undefined): string {
  if (!outcome) return 'The turn was stopped.';
  return outcome.decidedBy === 'config' ? "Refused by the user's Baton configuration." : 'The user rejected this tool call.';
}
