/**
 * One Autohand process, which holds one conversation (so one per thread): spawned from the config
 * entry (`autohand --mode rpc`, or `--rpc` on older builds), spoken to as newline-delimited
 * JSON-RPC 2.0 (specs/autohand-jsonrpc.md, "Overview"). Its notifications go to whoever runs the
 * current turn; when it goes away, `gone` says why in words a user can read.
 */
import type { z } from 'zod';
import { type AutohandProtocol, autohandProtocol } from '../../../lib/protocol/autohand/autohand-protocol';
import { ndjsonFraming } from '../../../lib/rpc/framing/ndjson-reader';
import { RpcConnection } from '../../../lib/rpc/rpc-connection';
import type { Transport } from '../../../lib/rpc/transport';
import type { AgentFactoryContext } from '../agent-factory';
import type { StdioAgentEntry } from '../agents-config';
import { type AgentChild, startAgentChild } from '../external/agent-child';
import { agentLog } from '../external/agent-log';

type Notifications = AutohandProtocol['notifications'];
/** One notification from Autohand, its params checked against the schema of its method. */
export type AutohandNotification = {
  [M in keyof Notifications]: { method: M; params: z.output<Notifications[M]> };
}[keyof Notifications];

/** Lines that are no JSON are skipped one by one; this many mean the output is not JSON-RPC at all. */
const MAX_BAD_LINES = 100;
/** Outgoing requests other than the prompt: Autohand answers them at once. */
const REQUEST_TIMEOUT_MS = 30_000;

export class AutohandProcess {
  readonly connection: RpcConnection<AutohandProtocol>;
  /** Resolves, once the process has gone, with what to tell the user. */
  readonly gone: Promise<string>;
  /** The session Autohand reported last (`agentStart`, `reset`, `getState`). */
  sessionId: string | undefined;
  model: string | undefined;
  /** Tokens of every turn of this conversation, for `usage`'s session total. */
  sessionTokens = 0;
  /** The conversation has had a prompt from Baton: a thread's history is no longer to be primed. */
  primed = false;
  /** A turn is running, or a stopped one is still ending: the process is not idle. */
  busy = false;
  /** Settles once the last turn, stopped or not, has ended in Autohand too: the next prompt waits for it. */
  settled: Promise<void> = Promise.resolve();
  private listener: ((notification: AutohandNotification) => void) | undefined;
  private badLines = 0;
  private goneReason: string | undefined;
  /** An error Autohand sent with `id: null`, e.g. -32011 when it is not logged in. */
  private peerError: string | undefined;

  private constructor(
    private readonly child: AgentChild,
    private readonly log: (message: string) => void,
  ) {
    const transport = watchPeerErrors(child.process.transport, (message) => {
      this.peerError = message;
      log(`Autohand reported: ${message}`);
    });
    this.connection = new RpcConnection(autohandProtocol, transport, {
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      // Unknown notifications and bad params are logged and skipped; the connection stays up.
      onProtocolError: (error) => log(`Autohand protocol: ${error.message}${error.data ? ` ${JSON.stringify(error.data)}` : ''}`),
    });
    for (const method of Object.keys(autohandProtocol.notifications) as Array<keyof Notifications>) {
      this.connection.onNotification(method, (params) => this.dispatch({ method, params } as AutohandNotification));
    }
    this.gone = child.process.exited.then(async (exit) => {
      // stderr is its own pipe: give its last lines a moment to arrive after the exit.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const peer = this.peerError ? ` It said: ${this.peerError}.` : '';
      this.goneReason ??= `${child.describeExit(exit)}${peer}`;
      this.connection.close();
      return this.goneReason;
    });
  }

  static async start(entry: StdioAgentEntry, context: AgentFactoryContext): Promise<AutohandProcess> {
    let process: AutohandProcess | undefined;
    const child = await startAgentChild(entry, context, {
      framing: ndjsonFraming,
      onFramingError: (error) => process?.badLine(error.message),
    });
    process = new AutohandProcess(child, agentLog(context));
    return process;
  }

  get isGone(): boolean {
    return this.goneReason !== undefined || this.connection.isClosed;
  }

  get pid(): number {
    return this.child.process.pid;
  }

  /** Where notifications go; undefined between turns (they are then only logged). */
  listen(listener: ((notification: AutohandNotification) => void) | undefined): void {
    this.listener = listener;
  }

  async shutdown(reason = 'Baton stopped it'): Promise<void> {
    this.goneReason ??= `Autohand was shut down: ${reason}.`;
    await this.child.process.shutdown();
  }

  private dispatch(notification: AutohandNotification): void {
    if (notification.method === 'autohand.agentStart') {
      this.sessionId = notification.params.sessionId;
      this.model = notification.params.model;
    }
    if (this.listener) this.listener(notification);
    else this.log(`between turns: ${notification.method}`);
  }

  private badLine(message: string): void {
    this.badLines += 1;
    this.log(`skipped a line: ${message}`);
    if (this.badLines === MAX_BAD_LINES) {
      this.goneReason = `Autohand wrote ${MAX_BAD_LINES} lines that are not JSON-RPC; is the command right (\`autohand --mode rpc\`)?`;
      void this.child.process.shutdown();
    }
  }
}

/** Passes every message on, and tells of error responses with `id: null` (JSON-RPC 2.0 §5), which answer no request. */
function watchPeerErrors(transport: Transport, onPeerError: (message: string) => void): Transport {
  const watched: Transport = {
    send: (message) => transport.send(message),
    close: () => transport.close(),
  };
  transport.onclose = (reason) => watched.onclose?.(reason);
  transport.onerror = (error) => watched.onerror?.(error);
  transport.onmessage = (message) => {
    const error = nullIdError(message);
    if (error) onPeerError(error);
    watched.onmessage?.(message);
  };
  return watched;
}

function nullIdError(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null || !('error' in message) || !('id' in message)) return undefined;
  if (message.id !== null) return undefined;
  const error = message.error as { code?: unknown; message?: unknown } | null;
  return `${String(error?.message ?? 'an error')} (${String(error?.code ?? 'no code')})`;
}
