/**
 * The ECA protocol as a client of someone else's server reads it (server/agents/eca-client/): the
 * same table as eca-protocol.ts (every version, nulls read as absent), except that a content the
 * schemas do not know (a type from a newer protocol, such as `image`, `flag` or the hook contents)
 * becomes a system note that names it, so a chat goes on and the user sees that something came,
 * instead of the notification being dropped as invalid. What the client sends is unchanged.
 */
import { z } from 'zod';
import type { ProtocolDefinition } from '../protocol-definition';
import { ChatContentReceivedParamsSchema } from './chat-methods';
import { ChatContentSchema } from './chat-content';
import { ecaProtocol } from './eca-protocol';
import { nullsAsAbsent, withoutNulls } from './nulls-as-absent';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a content Baton cannot show says to the reader, by the fields every type has in common. */
export function describeUnknownContent(content: Record<string, unknown>): string {
  const type = typeof content.type === 'string' ? content.type : 'untyped';
  const label = [content.text, content.title, content.name, content.mediaType].find(
    (field): field is string => typeof field === 'string' && field !== '',
  );
  return `\n\n_[${type}${label === undefined ? '' : `: ${label}`}] (Baton does not show this kind of content)_\n\n`;
}

/** A content the schemas refuse, as a system note; anything else as it came. */
function knownOrNote(value: unknown): unknown {
  const params = withoutNulls(value);
  if (!isRecord(params) || !isRecord(params.content)) return params;
  if (ChatContentSchema.safeParse(params.content).success) return params;
  return { ...params, role: 'system', content: { type: 'text', text: describeUnknownContent(params.content) } };
}

export const ecaClientProtocol = {
  requests: ecaProtocol.requests,
  notifications: {
    ...ecaProtocol.notifications,
    'chat/contentReceived': nullsAsAbsent(
      z.preprocess((value: z.input<typeof ChatContentReceivedParamsSchema>) => knownOrNote(value), ChatContentReceivedParamsSchema),
    ),
  },
} as const satisfies ProtocolDefinition;

export type EcaClientProtocol = typeof ecaClientProtocol;
