/**
 * The highlighting worker: Shiki runs here, off the page's main thread. The first code in a
 * grammar compiles the grammar's regular expressions, 50 to 150 ms in one go that chunking the
 * lines cannot split; on the main thread that was a long task each time a thread opened.
 */
import { highlightCode } from './highlight-code';
import type { HighlightReply, HighlightRequest } from './highlight-messages';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HighlightRequest>) => void) | null;
  postMessage(message: HighlightReply): void;
};
const running = new Map<number, AbortController>();

scope.onmessage = ({ data: request }) => {
  if (request.type === 'cancel') {
    running.get(request.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(request.id, controller);
  highlightCode(request.code, request.grammar, controller.signal)
    .then(
      (lines) => scope.postMessage({ id: request.id, lines }),
      (error: unknown) => scope.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    )
    .finally(() => running.delete(request.id));
};
