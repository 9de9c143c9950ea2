/**
 * What a framed page does for its host (loaded only inside a frame, components/embed/embed-bridge.tsx):
 * takes the host's messages (host-messages.ts) and says it listens with `baton:ready`. A token goes
 * to the connection, a context becomes a chip in the composer through the same store action the
 * `@` menu uses. Returns the function that stops listening.
 */
import type { BatonStore } from '../../stores/baton-store';
import { listenToHost, postToHost } from './host-messages';
import { rememberHostOrigin } from './host-origin';
import { acceptHostToken } from './token-from-host';

export function startEmbedBridge(store: BatonStore): () => void {
  const stop = listenToHost((message, origin) => {
    rememberHostOrigin(origin);
    switch (message.type) {
      case 'baton:token':
        return acceptHostToken(message.token);
      case 'baton:add-context':
        return store.getState().addPromptContext(message.context);
      default: {
        const unknownMessage: never = message;
        throw new Error(`Unhandled host message ${JSON.stringify(unknownMessage)}`);
      }
    }
  });
  // Nothing secret: any parent may learn that the page listens.
  postToHost({ type: 'baton:ready' }, '*');
  return stop;
}
