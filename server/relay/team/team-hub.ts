/**
 * The hub of one relay of a team: a prompt, an approval, an answer, a Stop, a steer, a hand-over
 * or a delete for a thread another relay holds is forwarded there (team-thread-calls.ts), and the
 * tab gets that relay's answer or error; reads of that thread are that relay's too. It also takes
 * over, every third of a lease, the threads whose relay stopped renewing them (thread-leases.ts).
 */
import type { Server } from 'socket.io';
import type { ElicitationAction, ElicitationValues } from '../../../lib/protocol/elicitation';
import type { Actor } from '../../../lib/protocol/roles';
import type { ThreadEntry } from '../../../lib/protocol/thread-model';
import type { ThreadEvent, ThreadSnapshot } from '../../../lib/protocol/thread-events';
import { RelayError } from '../../../lib/rpc/relay-error';
import { ThreadHeldElsewhereError } from '../../hub/thread-ownership';
import { type EditableThread, ThreadHub, type ThreadHubOptions } from '../../hub/thread-hub';
import type { PromptOptions } from '../../hub/thread-session';
import type { ThreadLeases } from './thread-leases';
import { answerThreadCalls, forwardThreadCall, HolderSilentError, type ThreadCall } from './team-thread-calls';

export class TeamHub extends ThreadHub {
  private readonly sweeper: NodeJS.Timeout;
  private sweeping: Promise<void> = Promise.resolve();

  constructor(
    options: ThreadHubOptions,
    private readonly team: { io: Server; leases: ThreadLeases; leaseMs: number },
  ) {
    super({ ...options, ownership: team.leases });
    answerThreadCalls(team.io, team.leases.relayId, (call) => this.callHere(call));
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

  override steer(threadId: string, message: string): Promise<boolean> {
    return this.orForward(() => super.steer(threadId, message), { method: 'steer', threadId, message });
  }

  override removeSteering(threadId: string): Promise<boolean> {
    return this.orForward(() => super.removeSteering(threadId), { method: 'removeSteering', threadId });
  }

  override handOver(threadId: string, agent: string): Promise<void> {
    return this.orForward(() => super.handOver(threadId, agent), { method: 'handOver', threadId, agent });
  }

  /** The holder stops its turn and deletes the thread, as it would for one of its own tabs. */
  override deleteThread(threadId: string, how: 'purge' | 'trash' = 'purge'): Promise<void> {
    return this.orForward(() => super.deleteThread(threadId, how), { method: 'delete', threadId, how });
  }

  /**
   * A rewind or fork runs its edit here, on the store's record: it cannot travel. Another relay
   * holds the thread only while its turn runs, which an edit would wait out anyway, so it is refused.
   */
  override async editThread<T>(threadId: string, edit: (thread: EditableThread) => Promise<T>): Promise<T> {
    try {
      return await super.editThread(threadId, edit);
    } catch (error) {
      if (!(error instanceof ThreadHeldElsewhereError)) throw error;
      throw new RelayError(
        'thread-busy',
        `A turn is running in thread ${threadId} on relay ${error.relayId}; stop it or wait for it to finish.`,
      );
    }
  }

  // Reads of a thread another relay runs are that relay's: its memory has the turn under way.
  override getSnapshot(threadId: string, page?: { limit: number }): Promise<ThreadSnapshot> {
    return this.readFromHolder(() => super.getSnapshot(threadId, page), { method: 'snapshot', threadId, page });
  }

  override getEntries(threadId: string): Promise<readonly ThreadEntry[]> {
    return this.readFromHolder(() => super.getEntries(threadId), { method: 'entries', threadId });
  }

  override getEventsAfter(threadId: string, afterSeq: number): Promise<{ events: ThreadEvent[]; turnRunning: boolean }> {
    return this.readFromHolder(() => super.getEventsAfter(threadId, afterSeq), { method: 'eventsAfter', threadId, afterSeq });
  }

  override isRunning(threadId: string): Promise<boolean> {
    return this.readFromHolder(() => super.isRunning(threadId), { method: 'isRunning', threadId });
  }

  override agentOf(threadId: string): Promise<string> {
    return this.readFromHolder(() => super.agentOf(threadId), { method: 'agentOf', threadId });
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
      case 'steer':
        return super.steer(call.threadId, call.message);
      case 'removeSteering':
        return super.removeSteering(call.threadId);
      case 'handOver':
        return super.handOver(call.threadId, call.agent);
      case 'delete':
        return super.deleteThread(call.threadId, call.how);
      case 'snapshot':
        return super.getSnapshot(call.threadId, call.page);
      case 'entries':
        return super.getEntries(call.threadId);
      case 'eventsAfter':
        return super.getEventsAfter(call.threadId, call.afterSeq);
      case 'isRunning':
        return super.isRunning(call.threadId);
      case 'agentOf':
        return super.agentOf(call.threadId);
    }
  }

  private async orForward<T>(run: () => Promise<T>, call: ThreadCall): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof ThreadHeldElsewhereError)) throw error;
      return (await forwardThreadCall(this.team.io, error.relayId, call)) as T;
    }
  }

  /** From the holder when another relay holds the thread; from the store when it does not answer (it stopped). */
  private async readFromHolder<T>(run: () => Promise<T>, call: ThreadCall): Promise<T> {
    const holder = await this.team.leases.holderElsewhere(call.threadId);
    if (holder === undefined) return run();
    try {
      return (await forwardThreadCall(this.team.io, holder, call)) as T;
    } catch (error) {
      if (!(error instanceof HolderSilentError)) throw error;
      this.options.log(`${error.message}: read from the store instead`);
      return run();
    }
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
