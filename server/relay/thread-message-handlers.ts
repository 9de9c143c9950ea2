/**
 * ACP's `sendMessage` for one tab (lib/protocol/thread-message-methods.ts): the user's message runs
 * a turn, the answer's text goes back to this tab as `streamMessageChunk` requests, in order, and
 * the answer to `sendMessage` comes once the turn has ended and every chunk was taken.
 */
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { RpcError } from '../../lib/rpc/errors';
import { asRpc } from './rpc-errors';
import type { TabContext } from './tab-context';

export function registerThreadMessageHandlers({ connection, hub, contentTaps, log }: TabContext): void {
  connection.onRequest('sendMessage', ({ threadId, message }) =>
    asRpc(async () => {
      // The assistant's messages are the agent's to write; a client cannot put words in its mouth.
      if (message.role !== 'user')
        throw new RpcError(ErrorCodes.InvalidParams, "Only a user message can be sent; the agent writes the assistant's.");
      const text = message.chunks.map((chunk) => chunk.chunk).join('');
      if (text.trim() === '') throw new RpcError(ErrorCodes.InvalidParams, 'The message has no text.');

      let outstanding = 0;
      let turnEnded = false;
      let settle: () => void = () => undefined;
      const done = new Promise<void>((resolve) => (settle = resolve));
      const settleIfDone = () => {
        if (turnEnded && outstanding === 0) settle();
      };
      const stop = contentTaps.listen(threadId, ({ role, content }) => {
        if (role === 'assistant' && content.type === 'text') {
          outstanding += 1;
          connection
            .request('streamMessageChunk', { threadId, chunk: { type: 'text', chunk: content.text } })
            // A tab gone or refusing the chunk loses its own stream only; the turn goes on for the thread.
            .catch((error: unknown) => log(`streamMessageChunk to a tab failed: ${String(error)}`))
            .finally(() => {
              outstanding -= 1;
              settleIfDone();
            });
        }
        if (content.type === 'progress' && content.state === 'finished') {
          turnEnded = true;
          settleIfDone();
        }
      });
      try {
        await hub.prompt(threadId, text);
        await done;
      } finally {
        stop();
      }
      return null;
    }),
  );
}
