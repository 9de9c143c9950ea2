/**
 * The origin of the host that last sent an accepted message (host-messages.ts): where a message
 * that carries the token may be posted. Before any, the browser's word on the parent's origin
 * (`ancestorOrigins`), when the frame-ancestors list allows it.
 */
import { allowedParentOrigin } from './host-messages';

let hostOrigin: string | undefined;

export function rememberHostOrigin(origin: string): void {
  hostOrigin = origin;
}

export function knownHostOrigin(): string | undefined {
  return hostOrigin ?? allowedParentOrigin();
}
