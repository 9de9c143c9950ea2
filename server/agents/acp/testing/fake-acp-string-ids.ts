/**
 * The fake ACP agent's wire as real agents' is: string request ids, and a line on stderr for each
 * `$/cancel_request` it receives, naming the request it cancels.
 */
import type { AnyMessage, Stream } from '@agentclientprotocol/sdk';

/** Requests this agent sends carry string ids (`"fake-<n>"`), as real agents' do; answers are mapped back. */
export function withStringIds(stream: Stream): Stream {
  const numeric = new Map<string, number | string>();
  /** The client's requests by id, so a cancel can say which it names. */
  const incoming = new Map<unknown, string>();
  let next = 0;
  const writable = new WritableStream<AnyMessage>({
    async write(message) {
      const writer = stream.writable.getWriter();
      try {
        if ('method' in message && 'id' in message && message.id !== null) {
          const id = `fake-${(next += 1)}`;
          numeric.set(id, message.id);
          await writer.write({ ...message, id });
        } else if ('method' in message && message.method === '$/cancel_request') {
          // The cancel names the request by the id it went out with.
          const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
          const sent = [...numeric].find(([, sdkId]) => sdkId === requestId)?.[0];
          await writer.write(sent === undefined ? message : { ...message, params: { requestId: sent } });
        } else await writer.write(message);
      } finally {
        writer.releaseLock();
      }
    },
  });
  const readable = stream.readable.pipeThrough(
    new TransformStream<AnyMessage, AnyMessage>({
      transform(message, controller) {
        if ('method' in message && 'id' in message) incoming.set(message.id, message.method);
        if ('method' in message && message.method === '$/cancel_request') {
          const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
          process.stderr.write(`fake-acp: cancel_request for ${incoming.get(requestId as string) ?? 'an unknown request'}\n`);
        }
        if (!('method' in message) && 'id' in message && typeof message.id === 'string' && numeric.has(message.id)) {
          const id = numeric.get(message.id)!;
          numeric.delete(message.id);
          controller.enqueue({ ...message, id } as AnyMessage);
        } else controller.enqueue(message);
      },
    }),
  );
  return { readable, writable };
}
