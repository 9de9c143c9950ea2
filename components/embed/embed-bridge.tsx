'use client';

/**
 * Inside a frame, listens for the host's messages (host-messages.ts) and says so with `baton:ready`:
 * a token goes to the connection, a context becomes a chip in the composer through the same store
 * action the `@` menu uses. Renders nothing; outside a frame it does nothing.
 */
import { useContext, useEffect } from 'react';
import { BatonStoreContext } from '../baton-client/baton-store-context';
import { isFramed, listenToHost, postToHost } from './host-messages';
import { rememberHostOrigin } from './host-origin';
import { acceptHostToken } from './token-from-host';

export function EmbedBridge() {
  const store = useContext(BatonStoreContext);

  useEffect(() => {
    if (!store || !isFramed()) return;
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
  }, [store]);

  return null;
}
