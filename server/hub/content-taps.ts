/**
 * Listeners on one thread's recorded contents beside the tabs watching its room: what a request
 * that outlives its answer (sendMessage streaming the reply back) follows the turn by.
 */
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';

type Tap = (params: SequencedContentReceivedParams) => void;

export class ContentTaps {
  private readonly taps = new Map<string, Set<Tap>>();

  /** Calls `tap` with every content of the thread recorded from now on; returns the way to stop. */
  listen(threadId: string, tap: Tap): () => void {
    let threadTaps = this.taps.get(threadId);
    if (!threadTaps) this.taps.set(threadId, (threadTaps = new Set()));
    threadTaps.add(tap);
    return () => {
      threadTaps.delete(tap);
      if (threadTaps.size === 0 && this.taps.get(threadId) === threadTaps) this.taps.delete(threadId);
    };
  }

  emit(params: SequencedContentReceivedParams): void {
    // Called for every streamed piece: nothing is made for a thread no one taps.
    const threadTaps = this.taps.get(params.chatId);
    if (threadTaps === undefined) return;
    for (const tap of threadTaps) tap(params);
  }
}
