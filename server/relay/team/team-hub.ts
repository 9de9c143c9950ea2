/**
 * The hub of one relay of a team: a prompt, an approval, an answer or a Stop for a thread another
 * relay holds is forwarded there (socket.io's `serverSideEmit` through the Redis adapter), and
 * the tab gets that relay's answer or error. It also takes over, every third of a lease, the
 * threads whose relay stopped renewing them (thread-leases.ts).
 */
import type { Server } from 'socket.io';
import type { ElicitationAction, ElicitationValues } from '../../../lib/protocol/elicitation';
import type { Actor } from '../../../lib/protocol/roles';
import { RelayError, type RelayErrorCode } from '../../../lib/rpc/relay-error';
import { ThreadHeldElsewhereError } from '../../hub/thread-ownership';
import { ThreadHub, type ThreadHubOptions } from '../../hub/thread-hub';
import type { PromptOptions } from '../../hub/thread-session';
import type { ThreadLeases } from './thread-leases';

const THREAD_CALL = 'baton:thread-call';

type ThreadCall =
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
  | { method: 'stop'; threadId: string; by?: Actor };

/** What the holder answers; null from every other relay. */
type CallAnswer = { ok: true; result: unknown } | { ok: false; message: string; code?: RelayErrorCode } | null;

export class TeamHub extends ThreadHub {
  private readonly sweeper: NodeJS.Timeout;
  private sweeping: Promise<void> = Promise.resolve();

  constructor(
    options: ThreadHubOptions,
    private readonly team: { io: Server; leases: ThreadLeases; leaseMs: number },
  ) {
    super({ ...options, ownership: team.leases });
    const events = team.io as unknown as {
      on(event: string, listener: (envelope: unknown, ack: (answer: CallAnswer) => void) => void): void;
    };
    events.on(THREAD_CALL, (envelope, ack) => {
      const { to, call } = envelope as { to: string; call: ThreadCall };
      if (to !== team.leases.relayId) return ack(null);
      this.callHere(call).then(
        (result) => ack({ ok: true, result: result ?? null }),
        (error: unknown) =>
          ack({
            ok: false,
            message: error instanceof Error ? error.message : String(error),
            code: error instanceof RelayError ? error.code : undefined,
          }),
      );
    });
    let first = true;
    this.sweeper = setInterval(() => {
      this.sweeping = this.sweeping.then(() => this.takeOverExpired(first)).finally(() => (first = false));
    }, team.leaseMs / 3);
    this.sweeper.unref();
  }

  override async prompt(threadId: string, message: string, options: PromptOptions | Promise<PromptOptions> = {}): Promise<void> {
    const chosen = await options;
    await this.orForward(() => super.prompt(threadId, message, chosen), { method: 'prompt', threadId, message, options: chosen });
  }

  override approve(threadId: string, toolCallId: string, save?: 'session', optionId?: string, by?: Actor): Promise<boolean> {
    return this.orForward(() => super.approve(threadId, toolCallId, save, optionId, by), {
      method: 'approve',
      threadId,
      toolCallId,
      save,
      optionId,
      by,
    });
  }

  override reject(threadId: string, toolCallId: string, optionId?: string, by?: Actor): Promise<boolean> {
    return this.orForward(() => super.reject(threadId, toolCallId, optionId, by), {
      method: 'reject',
      threadId,
      toolCallId,
      optionId,
      by,
    });
  }

  override answerElicitation(
    threadId: string,
    elicitationId: string,
    action: ElicitationAction,
    content?: ElicitationValues,
    device?: string,
  ): Promise<void> {
    return this.orForward(() => super.answerElicitation(threadId, elicitationId, action, content, device), {
      method: 'answerElicitation',
      threadId,
      elicitationId,
      action,
      content,
      device,
    });
  }

  override stop(threadId: string, by?: Actor): Promise<void> {
    return this.orForward(() => super.stop(threadId, by), { method: 'stop', threadId, by });
  }

  override async close(): Promise<void> {
    clearInterval(this.sweeper);
    await this.sweeping;
    await super.close();
  }

  /** A forwarded call, run here whoever holds the thread now: it is never forwarded a second time. */
  private callHere(call: ThreadCall): Promise<unknown> {
    switch (call.method) {
      case 'prompt':
        return super.prompt(call.threadId, call.message, call.options);
      case 'approve':
        return super.approve(call.threadId, call.toolCallId, call.save, call.optionId, call.by);
      case 'reject':
        return super.reject(call.threadId, call.toolCallId, call.optionId, call.by);
      case 'answerElicitation':
        return super.answerElicitation(call.threadId, call.elicitationId, call.action, call.content, call.device);
      case 'stop':
        return super.stop(call.threadId, call.by);
    }
  }

  private async orForward<T>(run: () => Promise<T>, call: ThreadCall): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof ThreadHeldElsewhereError)) throw error;
      return (await this.forward(error.relayId, call)) as T;
    }
  }

  private async forward(relayId: string, call: ThreadCall): Promise<unknown> {
    const cannot = `thread ${call.threadId} runs on relay ${relayId}, which did not answer`;
    let answers: CallAnswer[];
    try {
      answers = (await this.team.io.serverSideEmitWithAck(THREAD_CALL, { to: relayId, call })) as CallAnswer[];
    } catch (error) {
      throw new Error(`${cannot}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const answer = answers.find((candidate) => candidate !== null);
    if (!answer) throw new Error(cannot);
    if (answer.ok) return answer.result;
    throw answer.code ? new RelayError(answer.code, answer.message) : new Error(answer.message);
  }

  private async takeOverExpired(ownToo: boolean): Promise<void> {
    try {
      for (const { threadId, holding } of await this.team.leases.takeExpired(ownToo)) {
        this.options.log(
          `took over thread ${threadId} from relay ${holding.takenOverFrom ?? this.team.leases.relayId} (fencing ${holding.fencing})`,
        );
        await this.takeOver(threadId, holding).catch((error: unknown) =>
          this.options.log(`could not take over thread ${threadId}: ${String(error)}`),
        );
      }
    } catch (error) {
      this.options.log(`could not look for threads to take over: ${String(error)}`);
    }
  }
}
