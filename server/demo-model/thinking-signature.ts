/**
 * The scripted server's stand-in for the real API's thinking signatures. The real API signs every
 * thinking block and refuses a request whose thinking blocks come back changed or unsigned; the
 * scripted server does the same with a plain hash, so a test catches an agent that drops or alters
 * them on a tool-use round (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking).
 */
import { createHash } from 'node:crypto';

export function scriptedSignature(thinking: string): string {
  return `scripted-${createHash('sha256').update(thinking).digest('base64url')}`;
}
