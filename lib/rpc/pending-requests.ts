/**
 * The requests this side has sent and still waits for. Each settles exactly once: by its
 * response, its timeout, its signal, or the connection closing.
 */
import type { RequestId } from '../protocol/json-rpc';
import { ConnectionError } from './errors';

export interface PendingRequest {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

export interface PendingRequestOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Called when this side gives up on the request (timeout or abort), after rejecting it. */
  onGiveUp?: () => void;
}

interface Entry extends PendingRequest {
  cleanup: () => void;
}

export class PendingRequests {
  private readonly entries = new Map<RequestId, Entry>();

  add(id: RequestId, request: PendingRequest, options: PendingRequestOptions): void {
    const giveUp = (error: ConnectionError) => {
      const entry = this.settle(id);
      if (!entry) return;
      entry.reject(error);
      options.onGiveUp?.();
    };
    const timer = setTimeout(
      () => giveUp(new ConnectionError('timeout', `Request ${request.method} timed out after ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    const onAbort = () => giveUp(new ConnectionError('cancelled', `Request ${request.method} was cancelled`));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    this.entries.set(id, {
      ...request,
      cleanup: () => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      },
    });
  }

  /** Removes the request and returns it for the caller to resolve or reject; undefined if unknown. */
  settle(id: RequestId): PendingRequest | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.entries.delete(id);
    entry.cleanup();
    return entry;
  }

  rejectAll(error: Error): void {
    for (const id of [...this.entries.keys()]) this.settle(id)?.reject(error);
  }
}
