/**
 * The events of a model answer, in order, for `for await`. The SDK's own iterator queues the events
 * it has read ahead in an array it takes from with `shift()`, which copies the whole queue once that
 * queue is long (V8 cannot trim a large array in place): when the model streams faster than the
 * thread records, every piece then costs more than the one before. This queue takes in constant time.
 */
import type { MessageStream } from '@anthropic-ai/sdk/lib/MessageStream';
import type Anthropic from '@anthropic-ai/sdk';

type StreamEvent = Anthropic.MessageStreamEvent;

/** Taken events are dropped in one go once they are half the array, so each costs O(1) on average. */
const COMPACT_AT = 1024;

export async function* streamEvents(stream: MessageStream): AsyncGenerator<StreamEvent> {
  let queue: StreamEvent[] = [];
  let head = 0;
  let ended = false;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  stream.on('streamEvent', (event) => {
    queue.push(event);
    notify();
  });
  // The SDK emits `end` after `error` and `abort` too: the failure is noted first.
  stream.on('error', (error) => {
    failure ??= { error };
    notify();
  });
  stream.on('abort', (error) => {
    failure ??= { error };
    notify();
  });
  stream.on('end', () => {
    ended = true;
    notify();
  });
  try {
    for (;;) {
      if (head < queue.length) {
        const event = queue[head] as StreamEvent;
        head += 1;
        if (head >= COMPACT_AT && head * 2 >= queue.length) {
          queue = queue.slice(head);
          head = 0;
        }
        yield event;
        continue;
      }
      if (failure) throw failure.error;
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    // Left early (the turn failed or was stopped): the answer is not read any further, as the SDK's own iterator does.
    if (!ended) stream.abort();
  }
}
