/**
 * The page's side of the postMessage API (lib/protocol/embed-messages.ts). A message is taken only
 * from the frame's own parent, and only when the parent's origin is one `--frame-ancestors` allows
 * (the relay names them in the page's head, server/relay/page-head.ts): any other window, a child
 * frame or a popup, or a parent the list does not name, is ignored with a warning.
 */
import { frameAncestorsAllow, frameAncestorSources } from '../../lib/embed/frame-ancestors';
import { type HostMessage, HostMessageSchema, isBatonMessage, type PageMessage } from '../../lib/protocol/embed-messages';

const FRAME_ANCESTORS_META = 'meta[name="baton-frame-ancestors"]';

/** Whether the page is shown inside another page's frame. */
export function isFramed(): boolean {
  return window.parent !== window;
}

/** The sources the relay allows to frame the page; only itself when the page does not say. */
function allowedFramers(): string[] {
  const content = document.querySelector<HTMLMetaElement>(FRAME_ANCESTORS_META)?.content;
  return frameAncestorSources(content || "'self'");
}

export function isAllowedHostOrigin(origin: string): boolean {
  return frameAncestorsAllow(allowedFramers(), origin, window.location.origin);
}

/** The framing page's origin when the browser tells it (Chromium's `ancestorOrigins`) and it is allowed. */
export function allowedParentOrigin(): string | undefined {
  const origin = window.location.ancestorOrigins?.[0];
  return origin !== undefined && isAllowedHostOrigin(origin) ? origin : undefined;
}

/**
 * Calls `onMessage` with each well-formed host message from the allowed parent and its origin.
 * Returns the function that stops listening.
 */
export function listenToHost(onMessage: (message: HostMessage, origin: string) => void): () => void {
  const listener = (event: MessageEvent) => {
    if (!isFramed() || !isBatonMessage(event.data)) return;
    if (event.source !== window.parent) {
      // A sibling frame, a popup or the page itself may share an allowed origin: only the parent is the host.
      console.warn(`[baton] ignored a host message from a window other than the frame's parent (${event.origin})`);
      return;
    }
    if (!isAllowedHostOrigin(event.origin)) {
      console.warn(`[baton] ignored a host message from ${event.origin}, which --frame-ancestors does not allow`);
      return;
    }
    const parsed = HostMessageSchema.safeParse(event.data);
    if (!parsed.success) {
      console.warn(`[baton] ignored a malformed host message: ${parsed.error.message}`);
      return;
    }
    onMessage(parsed.data, event.origin);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}

/**
 * Posts to the framing page. `targetOrigin` is where a message may go: `*` is for messages that
 * carry nothing secret (`baton:ready`), a known host origin for one that does.
 */
export function postToHost(message: PageMessage, targetOrigin: string): void {
  if (isFramed()) window.parent.postMessage(message, targetOrigin);
}
