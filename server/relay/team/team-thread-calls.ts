/**
 * The calls one relay of a team sends the relay holding a thread (team-hub.ts), over socket.io's
 * `serverSideEmitWithAck` through the Redis adapter: every relay gets each call, only the one it
 * is addressed to answers. Results travel as JSON text, so that they arrive as a tab would get them
 * (the adapter's own encoding would turn an absent field into a null).
 */
import type { Server } from 'socket.io';
import type { ElicitationAction, ElicitationValues } from '../../../lib/protocol/elicitation';
import type { Actor } from '../../../lib/protocol/roles';
import { RelayError, type RelayErrorCode } from '../../../lib/rpc/relay-error';
import type { PromptOptions } from '../../hub/thread-session';

const THREAD_CALL = 'baton:thread-call';

export type ThreadCall =
  | { method: 'prompt'; threadId: string; message: string; options: PromptOptions }
  | { method: 'approve'; threadId: string; toolCallId: string; save?: 'session'; optionId?: string; by?: Actor }
  | { method: 'reject'; threadId: string; toolCallId: string; optionId?: string; by?: Actor }
  | {
      method: 'answerElicitation';
      threadId: string;
      elicitationId: string;
      action: ElicitationAction;
      content?: ElicitationValues;
      device?: string;
    }
  | { method: 'stop'; threadId: string; by?: Actor }
  | { method: 'steer'; threadId: string; message: string }
  | { method: 'removeSteering'; threadId: string }
  | { method: 'handOver'; threadId: string; agent: string }
  | { method: 'delete'; threadId: string; how: 'purge' | 'trash' }
  | { method: 'snapshot'; threadId: string; page?: { limit: number } }
  | { method: 'entries'; threadId: string }
  | { method: 'eventsAfter'; threadId: string; afterSeq: number }
  | { method: 'isRunning'; threadId: string }
  | { method: 'agentOf'; threadId: string };

/** What the holder answers; null from every other relay. */
type CallAnswer = { ok: true; json: string } | { ok: false; message: string; code?: RelayErrorCode } | null;

/** Answers the calls addressed to this relay with `callHere`, which never forwards them again. */
export function answerThreadCalls(io: Server, relayId: string, callHere: (call: ThreadCall) => Promise<unknown>): void {
  const events = io as unknown as {
    on(event: string, listener: (envelope: unknown, ack: (answer: CallAnswer) => void) => void): void;
  };
  events.on(THREAD_CALL, (envelope, ack) => {
    const { to, call } = envelope as { to: string; call: ThreadCall };
    if (to !== relayId) return ack(null);
    callHere(call).then(
      (result) => ack({ ok: true, json: JSON.stringify(result ?? null) }),
      (error: unknown) =>
        ack({
          ok: false,
          message: error instanceof Error ? error.message : String(error),
          code: error instanceof RelayError ? error.code : undefined,
        }),
    );
  });
}

/** Thrown when the relay holding the thread did not answer (it stopped, or Redis is cut off). */
export class HolderSilentError extends Error {}

/** Sends the call to relay `relayId` and returns its answer, or throws its error as it was thrown there. */
export async function forwardThreadCall(io: Server, relayId: string, call: ThreadCall): Promise<unknown> {
  const cannot = `thread ${call.threadId} runs on relay ${relayId}, which did not answer`;
  let answers: CallAnswer[];
  try {
    answers = (await io.serverSideEmitWithAck(THREAD_CALL, { to: relayId, call })) as CallAnswer[];
  } catch (error) {
    throw new HolderSilentError(`${cannot}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const answer = answers.find((candidate) => candidate !== null);
  if (!answer) throw new HolderSilentError(cannot);
  if (answer.ok) return JSON.parse(answer.json) as unknown;
  throw answer.code ? new RelayError(answer.code, answer.message) : new Error(answer.message);
}
