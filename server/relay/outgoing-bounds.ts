/**
 * What the relay holds for one tab, bounded. A tab that asks for large history pages and never
 * reads the answers would otherwise grow the relay without limit. Two bounds:
 *
 * - requests: at most `maxConcurrentRequests` of a tab's requests are handled at once, at most
 *   `maxPendingRequests` wait or run; one more is answered at once with error -32008;
 * - bytes: once more than `maxQueuedBytes` wait to be read by the tab (socket-backlog.ts), the tab
 *   gets nothing more (no answers, no broadcasts) and none of its requests is handled until it
 *   has read half of it; if it has not within `drainTimeoutMs`, it is disconnected. A tab that
 *   missed a broadcast meanwhile is disconnected once it drains, so that it comes back and
 *   catches up from the store (getThreadEvents), as after any dropped connection.
 */
import type { Socket } from 'socket.io';
import { JSONRPC_VERSION, RequestIdSchema, type RequestId } from '../../lib/protocol/json-rpc';
import { RpcError } from '../../lib/rpc/errors';
import type { Transport } from '../../lib/rpc/transport';
import { LimitErrorCodes } from './message-limits';
import { dropConnection, queuedBytes } from './socket-backlog';

export interface OutgoingLimits {
  maxQueuedBytes: number;
  maxConcurrentRequests: number;
  maxPendingRequests: number;
  drainTimeoutMs: number;
}

export const DEFAULT_OUTGOING_LIMITS: OutgoingLimits = {
  maxQueuedBytes: 16 * 1024 * 1024,
  maxConcurrentRequests: 4,
  // A tab sends a handful of requests when it connects and one per user action after that.
  maxPendingRequests: 32,
  drainTimeoutMs: 15_000,
};

/** Sockets over their bound: broadcasts skip this room. */
export const CONGESTED_ROOM = 'baton:congested';
const DRAIN_CHECK_MS = 100;

export class OutgoingBounds {
  private congestedSince: number | undefined;
  private drainTimer: NodeJS.Timeout | undefined;
  private missedBroadcast = false;
  private readonly held: unknown[] = [];
  private readonly waiting: Array<{ message: unknown; requests: number }> = [];
  private running = 0;
  private pending = 0;
  private inner: Transport | undefined;
  private deliver: ((message: unknown) => void) | undefined;
  private closed = false;

  constructor(
    private readonly socket: Socket,
    private readonly limits: OutgoingLimits,
    private readonly log: (message: string) => void,
  ) {}

  /** Wraps the tab's transport: what it sends is held while the tab is over its bound; what it receives waits its turn. */
  wrap(inner: Transport): Transport {
    this.inner = inner;
    const outer: Transport = {
      send: (message) => this.send(message),
      close: () => inner.close(),
    };
    this.deliver = (message) => outer.onmessage?.(message);
    inner.onmessage = (message) => this.receive(message);
    inner.onclose = (reason) => {
      this.close();
      outer.onclose?.(reason);
    };
    inner.onerror = (error) => outer.onerror?.(error);
    return outer;
  }

  /** Before a broadcast: whether this socket is over its bound (it is then skipped, and told later). */
  checkBeforeBroadcast(): boolean {
    this.check();
    if (this.congestedSince !== undefined) this.missedBroadcast = true;
    return this.congestedSince !== undefined;
  }

  private send(message: unknown): void {
    this.running = Math.max(0, this.running - countResponses(message));
    this.pending = Math.max(0, this.pending - countResponses(message));
    if (this.congestedSince !== undefined) {
      this.held.push(message);
      // Answers and this tab's own notifications only: bounded by the pending requests, unless hostile.
      if (this.held.length > 2 * this.limits.maxPendingRequests) this.drop('held too many answers it did not read');
      return;
    }
    this.inner?.send(message);
    this.check();
    this.pump();
  }

  private receive(message: unknown): void {
    const requests = requestIds(message);
    if (this.pending + requests.length > this.limits.maxPendingRequests) {
      const error = new RpcError(
        LimitErrorCodes.TooManyPending,
        `Too many requests waiting: at most ${this.limits.maxPendingRequests} at once; wait for their answers`,
        { limit: this.limits.maxPendingRequests },
      );
      if (requests.length === 0) this.log(`dropped a notification: ${this.limits.maxPendingRequests} messages wait already`);
      const answers = requests.map((id) => ({ jsonrpc: JSONRPC_VERSION, id, error: error.toErrorObject() }));
      if (answers.length > 0) this.inner?.send(Array.isArray(message) ? answers : answers[0]);
      return;
    }
    this.pending += requests.length;
    this.waiting.push({ message, requests: requests.length });
    this.pump();
  }

  /** Hands waiting messages on, in order, while the tab reads what it is sent and has room for more. */
  private pump(): void {
    while (!this.closed && this.congestedSince === undefined) {
      const next = this.waiting[0];
      if (!next || (next.requests > 0 && this.running >= this.limits.maxConcurrentRequests)) return;
      this.waiting.shift();
      this.running += next.requests;
      this.deliver?.(next.message);
    }
  }

  private check(): void {
    if (this.closed) return;
    const queued = queuedBytes(this.socket);
    if (this.congestedSince === undefined) {
      if (queued <= this.limits.maxQueuedBytes) return;
      this.congestedSince = Date.now();
      void this.socket.join(CONGESTED_ROOM);
      this.log(`${queued} bytes wait for this tab to read them; it gets nothing more until it does`);
      this.drainTimer = setInterval(() => this.check(), DRAIN_CHECK_MS);
      return;
    }
    if (queued <= this.limits.maxQueuedBytes / 2) return this.drained();
    if (Date.now() - this.congestedSince > this.limits.drainTimeoutMs) {
      this.drop(`read nothing of ${queued} queued bytes for ${this.limits.drainTimeoutMs} ms`);
    }
  }

  private drained(): void {
    clearInterval(this.drainTimer);
    this.congestedSince = undefined;
    void this.socket.leave(CONGESTED_ROOM);
    if (this.missedBroadcast) return this.drop('missed broadcasts while it did not read; it catches up when it reconnects');
    for (const message of this.held.splice(0)) this.inner?.send(message);
    this.pump();
  }

  private drop(reason: string): void {
    if (this.closed) return;
    this.log(`disconnected: ${reason}`);
    this.close();
    dropConnection(this.socket);
  }

  private close(): void {
    this.closed = true;
    clearInterval(this.drainTimer);
    this.held.length = 0;
    this.waiting.length = 0;
  }
}

function requestIds(message: unknown): RequestId[] {
  const ids: RequestId[] = [];
  for (const item of Array.isArray(message) ? message : [message]) {
    if (typeof item !== 'object' || item === null || !('method' in item) || !('id' in item)) continue;
    const id = RequestIdSchema.safeParse(item.id);
    if (id.success) ids.push(id.data);
  }
  return ids;
}

function countResponses(message: unknown): number {
  let count = 0;
  for (const item of Array.isArray(message) ? message : [message]) {
    if (typeof item === 'object' && item !== null && 'id' in item && !('method' in item)) count += 1;
  }
  return count;
}
