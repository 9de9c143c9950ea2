/**
 * Carries the contents a thread's recorder hands on together (one committed batch of streamed
 * pieces, told one by one in the same turn of the event loop) to its tabs as ONE socket.io packet:
 * a JSON-RPC batch of `chat/contentReceived` notifications (JSON-RPC 2.0 §6), which every
 * JSON-RPC peer, the tab's lib/rpc among them, takes message by message in order. A fast stream
 * then costs one packet per batch rather than one per piece (socket.io's encoding, engine.io's
 * packet and a WebSocket frame each); a lone content still goes as the single notification it was.
 *
 * The batch leaves in a microtask queued by its first content: after the recorder's synchronous
 * hand-on loop and before anything that waited for the batch to commit (a request's answer) runs.
 * Other notifications to every tab flush it first, so nothing overtakes a content told before it.
 */
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';

type ContentNotification = { jsonrpc: '2.0'; method: 'chat/contentReceived'; params: SequencedContentReceivedParams };

export class ContentBatches {
  private readonly pending = new Map<string, ContentNotification[]>();
  private flushQueued = false;

  /** `send` emits one thread's contents: one notification, or a batch array of several in order. */
  constructor(private readonly send: (threadId: string, message: ContentNotification | ContentNotification[]) => void) {}

  add(threadId: string, params: SequencedContentReceivedParams): void {
    const notification: ContentNotification = { jsonrpc: '2.0', method: 'chat/contentReceived', params };
    const list = this.pending.get(threadId);
    if (list) list.push(notification);
    else this.pending.set(threadId, [notification]);
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => this.flush());
  }

  /** Sends what waits now, thread by thread. */
  flush(): void {
    this.flushQueued = false;
    if (this.pending.size === 0) return;
    const threads = [...this.pending];
    this.pending.clear();
    for (const [threadId, list] of threads) this.send(threadId, list.length === 1 ? list[0]! : list);
  }
}
