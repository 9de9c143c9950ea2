/**
 * An `autohand.permissionRequest` (specs/autohand-jsonrpc.md, "Permission Requests") through the
 * relay's PermissionGate: the rules first (deny wins), then a card; `permissionAcknowledged` once
 * the card is shown, and `permissionResponse` with the outcome (and, for the observed build, the
 * `decision` among its `options`).
 */
import type { AutohandPermissionRequestParams } from '../../../lib/protocol/autohand/notifications';
import type { ChatContentInput } from '../../../lib/protocol/eca-chat';
import type { AgentTurn } from '../agent-backend';
import type { PermissionGate } from '../external/permission-gate';
import { untilStopped } from '../external/until-aborted';
import { approvalOptions, permissionAnswer, permissionCall } from './autohand-mapper';
import type { AutohandProcess } from './autohand-process';
import type { TurnStream } from './turn-stream';

export interface PermissionContext {
  turn: AgentTurn;
  gate: PermissionGate;
  process: AutohandProcess;
  stream: TurnStream;
  log: (message: string) => void;
}

export async function answerPermissionRequest(
  request: AutohandPermissionRequestParams,
  { turn, gate, process, stream, log }: PermissionContext,
): Promise<void> {
  const call = permissionCall(request, `permission/${request.requestId}`);
  let acknowledged = false;
  // The same turn, but the card's emission also tells Autohand that the request reached the user.
  const shown: AgentTurn = Object.assign(Object.create(turn) as AgentTurn, {
    emit: async (content: ChatContentInput) => {
      await turn.emit(content);
      if (content.type !== 'toolCallRun' || content.id !== call.id || acknowledged) return;
      acknowledged = true;
      await process.connection
        .request('autohand.permissionAcknowledged', { requestId: request.requestId })
        .then((result) => result.success || log(`Autohand did not take the acknowledgement of ${request.requestId}`))
        .catch((error: unknown) => log(`permissionAcknowledged failed: ${describe(error)}`));
    },
  });
  const outcome = await untilStopped(
    gate.request(shown, { call, readOnly: false, options: approvalOptions(request.options) }),
    turn.signal,
  );
  if (outcome.decision !== 'rejected') stream.permissionAllowed(call);
  const answer = permissionAnswer(request, outcome);
  try {
    const result = await process.connection.request('autohand.permissionResponse', answer);
    if (!result.success) log(`Autohand did not take the answer to ${request.requestId} (it may have moved on)`);
  } catch (error) {
    // The process may have gone or the turn been aborted meanwhile; the turn hears of that on its own.
    log(`permissionResponse failed: ${describe(error)}`);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
