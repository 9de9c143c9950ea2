/**
 * Telling the peer that a request is no longer wanted, as LSP-framed peers (ECA) expect:
 * `$/cancelRequest { id }` in either direction, answered with -32800 RequestCancelled
 * (https://microsoft.github.io/language-server-protocol/specifications/base/0.9/specification/#cancelRequest).
 */
import { z } from 'zod';
import { RequestIdSchema, type RequestId } from '../protocol/json-rpc';

export interface CancellationOptions {
  /** The notification that carries `{ id }`, e.g. `$/cancelRequest`. */
  notification: string;
}

export const CancelParamsSchema = z.object({ id: RequestIdSchema });
export type CancelParams = z.infer<typeof CancelParamsSchema>;

/** How many given-up ids to remember; a peer that never answers them cannot grow the set further. */
const REMEMBERED_IDS = 1_000;

/**
 * The ids of requests this side gave up on and told the peer about. The peer may still answer
 * them (LSP says it should, with -32800); those late answers are expected, not protocol errors.
 */
export class GivenUpRequests {
  private readonly ids = new Set<RequestId>();

  add(id: RequestId): void {
    this.ids.add(id);
    if (this.ids.size > REMEMBERED_IDS) {
      const oldest = this.ids.values().next();
      if (!oldest.done) this.ids.delete(oldest.value);
    }
  }

  /** True (once) when a response with this id is the late answer to a request given up. */
  take(id: RequestId): boolean {
    return this.ids.delete(id);
  }
}
