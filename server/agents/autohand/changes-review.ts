/**
 * Autohand's preview of file changes (specs/autohand-jsonrpc.md, "File Change Preview"): the
 * batch's changes are collected, and at its end the relay's rules decide what they can (deny
 * wins, an allowing rule answers at once); what is left is asked on one review card (Accept all,
 * Reject all, Pick files) when it is more than one file, else on the file's own card. Then ONE
 * `changesDecision` says which were accepted: all (`accept_all`), none (`reject_all`) or some
 * (`accept_selected`), and the accepted cards say whether Autohand applied them.
 */
import type { AutohandFileChange } from '../../../lib/protocol/autohand/notifications';
import type { AutohandChangesDecisionParams, AutohandChangesDecisionResult } from '../../../lib/protocol/autohand/requests';
import type { AgentTurn } from '../agent-backend';
import type { GatedToolCall, PermissionGate, PermissionOutcome } from '../external/permission-gate';
import { untilStopped } from '../external/until-aborted';
import { changeCall } from './autohand-mapper';
import type { AutohandProcess } from './autohand-process';
import { askReview, type ReviewChoice } from './review-card';

export class ChangesReview {
  private readonly batches = new Map<string, AutohandFileChange[]>();
  private closedListeners: Array<() => void> = [];

  start(batchId: string): void {
    this.batches.set(batchId, []);
  }

  /** A change of a batch whose start went unseen still counts. */
  add(batchId: string, change: AutohandFileChange): void {
    const changes = this.batches.get(batchId) ?? [];
    changes.push(change);
    this.batches.set(batchId, changes);
  }

  /** Resolves once no batch is open (at once when none is): a batch may end after `turnEnd`. */
  closed(): Promise<void> {
    if (this.batches.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.closedListeners.push(resolve));
  }

  /** Decides each change, then tells Autohand; a batch without changes needs no decision. */
  async end(
    batchId: string,
    turn: AgentTurn,
    gate: PermissionGate,
    process: AutohandProcess,
    log: (message: string) => void,
  ): Promise<void> {
    const changes = this.batches.get(batchId) ?? [];
    this.batches.delete(batchId);
    if (this.batches.size === 0) for (const listener of this.closedListeners.splice(0)) listener();
    if (changes.length === 0) return;
    const calls = changes.map((change) => changeCall(batchId, change));
    const verdicts = await Promise.all(calls.map((call) => gate.verdict(turn.threadId, { call, readOnly: false })));
    const asked = calls.filter((_, index) => verdicts[index] === 'ask');
    const choice: ReviewChoice = asked.length > 1 ? await askReview(batchId, asked, turn, gate) : 'pick';
    const outcomes = await Promise.all(
      calls.map((call) =>
        asked.includes(call)
          ? decideAsked(call, choice, turn, gate)
          : untilStopped(gate.request(turn, { call, readOnly: false }), turn.signal),
      ),
    );
    const accepted = changes.filter((_, index) => outcomes[index]!.decision !== 'rejected');
    const decision: AutohandChangesDecisionParams =
      accepted.length === changes.length
        ? { batchId, action: 'accept_all' }
        : accepted.length === 0
          ? { batchId, action: 'reject_all' }
          : { batchId, action: 'accept_selected', selectedChangeIds: accepted.map((change) => change.id) };
    let result: AutohandChangesDecisionResult;
    try {
      result = await process.connection.request('autohand.changesDecision', decision);
    } catch (error) {
      result = {
        success: false,
        errors: [`Autohand did not take the decision: ${error instanceof Error ? error.message : String(error)}`],
      };
    }
    log(`changes of ${batchId}: ${decision.action}, applied ${result.appliedCount ?? '?'}, skipped ${result.skippedCount ?? '?'}`);
    for (const change of accepted) {
      const call = calls[changes.indexOf(change)]!;
      const failure = changeFailure(change.id, result);
      await turn.emit({
        type: 'toolCalled',
        ...call,
        error: failure !== undefined,
        outputs: [{ type: 'text', text: failure ?? `Accepted: ${call.summary ?? change.filePath}.` }],
      });
    }
  }
}

/** A change the rules left to the user: answered by the review card's choice, or on its own card. */
async function decideAsked(call: GatedToolCall, choice: ReviewChoice, turn: AgentTurn, gate: PermissionGate): Promise<PermissionOutcome> {
  if (choice === 'accept-all') {
    await turn.emit({ type: 'toolCallRun', ...call, manualApproval: false });
    return { decision: 'approved', decidedBy: 'user' };
  }
  if (choice === 'reject-all') {
    await turn.emit({ type: 'toolCallRejected', ...call, reason: 'user-choice' });
    return { decision: 'rejected', decidedBy: 'user' };
  }
  return untilStopped(gate.request(turn, { call, readOnly: false }), turn.signal);
}

/** Why a change was not applied: its own error, or the batch's when the whole decision failed. */
function changeFailure(changeId: string, result: AutohandChangesDecisionResult): string | undefined {
  const errors = result.errors ?? [];
  const own = errors.find((error) => typeof error !== 'string' && error.changeId === changeId);
  if (own && typeof own !== 'string') return `Not applied: ${own.error}`;
  if (result.success) return undefined;
  const texts = errors.map((error) => (typeof error === 'string' ? error : error.error));
  return `Not applied: ${texts.join('; ') || 'Autohand refused the decision.'}`;
}
