/**
 * The peer's requests whose handlers are still running, so that a cancellation from the peer or
 * the connection closing can abort them.
 */
import type { RequestId } from '../protocol/json-rpc';
import { requestCancelled, type RpcError } from './errors';

export interface RunningRequest {
  /** Given to the handler; aborted on cancellation (reason: the -32800 error) or close. */
  signal: AbortSignal;
  /** Resolves with the error to answer when the peer cancels; never settles otherwise. */
  cancelled: Promise<RpcError>;
  /** The handler has settled: forget it. */
  finish: () => void;
}

interface Entry {
  id: RequestId;
  method: string;
  controller: AbortController;
  cancel: (error: RpcError) => void;
}

export class RunningRequests {
  private readonly entries = new Set<Entry>();

  start(id: RequestId, method: string): RunningRequest {
    const controller = new AbortController();
    let cancel: (error: RpcError) => void = () => {};
    const cancelled = new Promise<RpcError>((resolve) => {
      cancel = resolve;
    });
    const entry: Entry = { id, method, controller, cancel };
    this.entries.add(entry);
    return { signal: controller.signal, cancelled, finish: () => this.entries.delete(entry) };
  }

  /**
   * Aborts the running handlers of the request with this id. False when there is none: it has
   * finished already, which is the usual race with a cancellation and no error.
   */
  cancel(id: RequestId): boolean {
    let found = false;
    for (const entry of this.entries) {
      if (entry.id !== id) continue;
      found = true;
      this.entries.delete(entry);
      const error = requestCancelled(entry.method);
      entry.controller.abort(error);
      entry.cancel(error);
    }
    return found;
  }

  abortAll(reason: Error): void {
    for (const entry of this.entries) entry.controller.abort(reason);
    this.entries.clear();
  }
}
