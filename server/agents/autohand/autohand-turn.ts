/**
 * One turn with an Autohand process. `autohand.prompt` is answered at once by real builds
 * (specs/autohand-observed.md) and at the end by the reference, so neither answer ends the turn:
 * `autohand.turnEnd` does. Stop sends `autohand.abort` and waits a moment for the turn to end;
 * past that moment Baton's turn ends and Autohand's is left its grace in the background
 * (`process.settled`); an Autohand that does not end it then is shut down. An Autohand that goes away fails the turn
 * with AgentUnavailableError.
 */
import type { AutohandPromptParams } from '../../../lib/protocol/autohand/requests';
import { RpcError } from '../../../lib/rpc/errors';
import { type AgentTurn, AgentUnavailableError } from '../agent-backend';
import type { PermissionGate } from '../external/permission-gate';
import { STOP_GRACE_MS, stopWithGrace, TURN_END_AFTER_STOP_MS } from '../external/stop-with-grace';
import { afterAbort } from '../external/until-aborted';
import { errorText, hookNote, turnTokens, usageContent } from './autohand-mapper';
import type { AutohandNotification, AutohandProcess } from './autohand-process';
import { ChangesReview } from './changes-review';
import { answerPermissionRequest } from './permission-request';
import { TurnStream } from './turn-stream';

/** How long a turn after an unrecoverable error, or a batch after turnEnd, is waited for: Stop's grace. */
const END_GRACE_MS = STOP_GRACE_MS;
/** How long the prompt itself may take to be answered (the reference answers it at the turn's end). */
const PROMPT_TIMEOUT_MS = 24 * 60 * 60 * 1000;

export interface AutohandTurnOptions {
  turn: AgentTurn;
  process: AutohandProcess;
  gate: PermissionGate;
  params: AutohandPromptParams;
  log: (message: string) => void;
}

type Ending = { kind: 'ended' } | { kind: 'failed'; error: Error } | { kind: 'gone'; reason: string } | { kind: 'stopped' };

export async function runAutohandTurn({ turn, process, gate, params, log }: AutohandTurnOptions): Promise<void> {
  const stream = new TurnStream(turn);
  const review = new ChangesReview();
  const work = new Set<Promise<void>>();
  let settle: (ending: Ending) => void = () => undefined;
  const ending = new Promise<Ending>((resolve) => (settle = resolve));
  const fail = (error: unknown) => settle({ kind: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
  /** Contents are emitted in the order notifications arrive; waiting for a user happens beside it. */
  let queue = Promise.resolve();
  const inOrder = (step: () => Promise<void>) => {
    queue = queue.then(step).catch(fail);
  };
  const beside = (task: Promise<void>) => {
    const tracked = task.catch(fail).finally(() => work.delete(tracked));
    work.add(tracked);
  };
  let turnEnded = false;

  const handle = (notification: AutohandNotification): void => {
    switch (notification.method) {
      case 'autohand.messageUpdate':
        return inOrder(() => stream.messageUpdate(notification.params));
      case 'autohand.messageEnd':
        return inOrder(() => stream.messageEnd(notification.params));
      case 'autohand.toolStart':
        return inOrder(() => stream.toolStart(notification.params));
      case 'autohand.toolUpdate':
        return inOrder(() => stream.toolUpdate(notification.params));
      case 'autohand.toolEnd':
        return inOrder(() => stream.toolEnd(notification.params));
      case 'autohand.permissionRequest':
        return inOrder(async () => beside(answerPermissionRequest(notification.params, { turn, gate, process, stream, log })));
      case 'autohand.changesBatchStart':
        return review.start(notification.params.batchId);
      case 'autohand.changesBatchUpdate':
        return review.add(notification.params.batchId, notification.params.change);
      case 'autohand.changesBatchEnd':
        return inOrder(async () => beside(review.end(notification.params.batchId, turn, gate, process, log)));
      case 'autohand.turnEnd':
        turnEnded = true;
        return inOrder(async () => {
          await stream.finish();
          await reportUsage(turn, process, turnTokens(notification.params));
          if (!stream.emittedText && notification.params.reason !== 'aborted' && !turn.signal.aborted) await lastAnswer(turn, process, log);
          settle({ kind: 'ended' });
        });
      case 'autohand.error':
        // Stop makes the reference say -32004 Aborted; the user pressed it and needs no error for it.
        if (turn.signal.aborted && notification.params.code === -32004) return;
        inOrder(() => turn.emit({ type: 'text', text: errorText(notification.params) }));
        if (notification.params.recoverable === false) void endWithin(END_GRACE_MS, () => !turnEnded && settle({ kind: 'ended' }));
        return;
      case 'autohand.agentStart':
        return inOrder(() => turn.saveAgentSession(notification.params.sessionId));
      case 'autohand.agentEnd':
        if (notification.params.reason === 'error') fail(new Error('Autohand ended its session with an error.'));
        return;
      case 'autohand.stepEnd':
        // Baton never asks for host-controlled steps; were one to come, it must not hold the turn.
        log(`unexpected stepEnd ${JSON.stringify(notification.params)}`);
        return;
      case 'autohand.ping':
      case 'autohand.turnStart':
      case 'autohand.messageStart':
        return;
      default: {
        const note = hookNote(notification);
        log(`${notification.method} ${JSON.stringify(notification.params)}`);
        if (note) inOrder(() => turn.note(note));
      }
    }
  };

  process.listen(handle);
  process.busy = true;
  process.connection
    .request('autohand.prompt', params, { timeoutMs: PROMPT_TIMEOUT_MS })
    .then((result) => result.success || fail(new Error('Autohand did not take the prompt.')))
    .catch((error: unknown) => {
      if (!turnEnded && !process.isGone) fail(promptRefused(error));
    });
  // Watched once the prompt is sent, so that a turn stopped before it began is aborted, not run.
  const stop = stopWithGrace(turn.signal, {
    ask: () =>
      void process.connection
        .request('autohand.abort', undefined, { timeoutMs: END_GRACE_MS })
        .catch((error: unknown) => log(`abort failed: ${String(error)}`)),
    giveUp: async () => {
      log(`Autohand (pid ${process.pid}) did not end the stopped turn within ${END_GRACE_MS} ms; shutting it down`);
      settle({ kind: 'ended' });
      await process.shutdown('it did not stop when asked');
    },
  });
  // The turn in Autohand is over once it ends or the process goes, even when Baton's turn ended first.
  const over = Promise.race([ending, process.gone]).then(() => {
    stop.done();
    process.busy = false;
  });
  process.settled = over;
  let handedOver = false;
  try {
    const outcome = await Promise.race([
      ending,
      process.gone.then((reason): Ending => ({ kind: 'gone', reason })),
      afterAbort(turn.signal, TURN_END_AFTER_STOP_MS).then((): Ending => ({ kind: 'stopped' })),
    ]);
    if (outcome.kind === 'stopped') {
      // Stopped, and Autohand has not ended the turn yet: Baton's turn ends now, Autohand's is left
      // its grace in the background, with only its end listened for.
      handedOver = true;
      process.listen((notification) => notification.method === 'autohand.turnEnd' && settle({ kind: 'ended' }));
      void over.then(() => process.listen(undefined));
      return;
    }
    await queue;
    if (outcome.kind === 'gone' && !turn.signal.aborted) throw new AgentUnavailableError(outcome.reason);
    if (outcome.kind === 'failed' && !turn.signal.aborted) throw outcome.error;
    // A batch may end after turnEnd (the reference does not order them): wait a moment for it.
    if (!turn.signal.aborted) await Promise.race([review.closed(), process.gone, endWithin(END_GRACE_MS, () => undefined)]);
    await queue;
    // Cards still waiting (a review at the turn's end) are answered before the turn is over.
    while (work.size > 0 && !process.isGone) await Promise.race([Promise.all(work), process.gone]);
    await queue;
  } finally {
    if (!handedOver) {
      stop.done();
      process.listen(undefined);
    }
  }
}

function endWithin<T>(ms: number, then: () => T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(then()), ms).unref());
}

async function reportUsage(turn: AgentTurn, process: AutohandProcess, tokens: number | undefined): Promise<void> {
  if (tokens === undefined) return;
  process.sessionTokens += tokens;
  await turn.emit(usageContent(process.sessionTokens));
}

/** A turn that streamed no text at all (the observed build may send none): the answer as Autohand recorded it. */
async function lastAnswer(turn: AgentTurn, process: AutohandProcess, log: (message: string) => void): Promise<void> {
  try {
    const { messages } = await process.connection.request('autohand.getMessages', { limit: 1 });
    const last = messages.at(-1);
    if (last?.role === 'assistant' && last.content) await turn.emit({ type: 'text', text: last.content });
  } catch (error) {
    log(`getMessages failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function promptRefused(error: unknown): Error {
  if (error instanceof RpcError) {
    const busy = error.code === -32003 || /already processing/i.test(error.message);
    return new Error(
      busy
        ? `Autohand is still busy with an earlier prompt: ${error.message}`
        : `Autohand refused the prompt: ${error.message} (code ${error.code})`,
      { cause: error },
    );
  }
  return new Error(`Autohand did not take the prompt: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}
