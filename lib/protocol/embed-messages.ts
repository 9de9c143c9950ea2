/**
 * The postMessage API between Baton's page and a page that frames it (an IDE's webview, code-server,
 * any host allowed by `--frame-ancestors`). See "Embedding" in the README.
 *
 * Host → Baton (taken only from `window.parent`, and only from an origin allowed to frame Baton):
 *   `baton:token`        hands the relay's token to the framed page
 *   `baton:add-context`  adds an ECA `file` or `cursor` context to the composer (specs/eca-protocol-v2.md, `ChatContext`)
 * Baton → host:
 *   `baton:ready`          the page listens for host messages
 *   `baton:open-external`  "Open in a new tab" inside an embed: the host opens `url` in a full tab
 */
import { z } from 'zod';
import { CursorContextSchema, FileContextSchema } from './eca/chat-context';

export const HostTokenMessageSchema = z.object({ type: z.literal('baton:token'), token: z.string().min(1).max(1024) });

export const HostAddContextMessageSchema = z.object({
  type: z.literal('baton:add-context'),
  context: z.discriminatedUnion('type', [FileContextSchema, CursorContextSchema]),
});

export const HostMessageSchema = z.discriminatedUnion('type', [HostTokenMessageSchema, HostAddContextMessageSchema]);
export type HostMessage = z.infer<typeof HostMessageSchema>;

export const PageReadyMessageSchema = z.object({ type: z.literal('baton:ready') });
export const PageOpenExternalMessageSchema = z.object({ type: z.literal('baton:open-external'), url: z.string().url() });
export const PageMessageSchema = z.discriminatedUnion('type', [PageReadyMessageSchema, PageOpenExternalMessageSchema]);
export type PageMessage = z.infer<typeof PageMessageSchema>;

/** Whether a message names this API at all (`baton:` type): others (an IDE's own traffic) are not ours to report. */
export function isBatonMessage(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { type?: unknown }).type === 'string' &&
    (data as { type: string }).type.startsWith('baton:')
  );
}
