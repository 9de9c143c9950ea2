/**
 * One card for a batch of proposed changes that the user must decide (specs/autohand-jsonrpc.md,
 * "File Change Preview"): Accept all, Reject all, or Pick files, which then asks file by file.
 * The proposed files are shown first as prepared cards with their diffs, so the user reviews what
 * the one answer covers.
 */
import type { ApprovalOption } from '../../../lib/protocol/agents';
import type { AgentTurn } from '../agent-backend';
import type { GatedToolCall, PermissionGate } from '../external/permission-gate';
import { untilStopped } from '../external/until-aborted';
import { toolIdentity } from './autohand-mapper';

export type ReviewChoice = 'accept-all' | 'reject-all' | 'pick';

/** Picking answers "allow" to the review itself: the files are then asked about one by one. */
const REVIEW_OPTIONS: readonly ApprovalOption[] = [
  { optionId: 'accept-all', name: 'Accept all', kind: 'allow_once' },
  { optionId: 'pick', name: 'Pick files…', kind: 'allow_once' },
  { optionId: 'reject-all', name: 'Reject all', kind: 'reject_once' },
];

export async function askReview(
  batchId: string,
  files: readonly GatedToolCall[],
  turn: AgentTurn,
  gate: PermissionGate,
): Promise<ReviewChoice> {
  for (const file of files) {
    await turn.emit({ type: 'toolCallPrepare', ...file, argumentsText: JSON.stringify(file.arguments) });
  }
  const review: GatedToolCall = {
    ...toolIdentity(`${batchId}/review`, 'review_changes'),
    summary: `Review ${files.length} proposed file changes`,
    arguments: { files: files.map((file) => file.summary ?? file.id) },
  };
  const outcome = await untilStopped(gate.request(turn, { call: review, readOnly: false, options: REVIEW_OPTIONS }), turn.signal);
  const choice: ReviewChoice = outcome.decision === 'rejected' ? 'reject-all' : outcome.optionId === 'pick' ? 'pick' : 'accept-all';
  if (choice !== 'reject-all') {
    const text = choice === 'pick' ? 'Deciding file by file.' : `Accepted all ${files.length} changes.`;
    await turn.emit({ type: 'toolCalled', ...review, error: false, outputs: [{ type: 'text', text }] });
  }
  return choice;
}
