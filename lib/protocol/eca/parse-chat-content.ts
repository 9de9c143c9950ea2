/**
 * ChatContentSchema.parse, with a shortcut for the contents a model streams tens of thousands of a
 * minute: a plain text piece (`{ type: 'text', text }`) or a thought's piece (`{ type: 'reasonText',
 * id, text }`) with no other key, of which the schema's answer is a copy with the same keys. The
 * relay checks every piece an agent emits, and at a fast stream the schema's walk over its union
 * cost the relay about as much per piece as the piece's insert into the store. Anything else goes
 * through the schema.
 */
import { type ChatContent, ChatContentSchema } from './chat-content';

export function parseChatContent(input: unknown): ChatContent {
  if (typeof input !== 'object' || input === null || Object.getPrototypeOf(input) !== Object.prototype)
    return ChatContentSchema.parse(input);
  const { type, text, id } = input as Record<string, unknown>;
  if (typeof text === 'string') {
    const keys = ownKeyCount(input);
    if (type === 'text' && keys === 2) return { type, text };
    if (type === 'reasonText' && typeof id === 'string' && keys === 3) return { type, id, text };
  }
  return ChatContentSchema.parse(input);
}

/** `Object.keys(object).length` without the array it makes: a piece's check allocates nothing of its own. */
function ownKeyCount(object: object): number {
  let count = 0;
  for (const key in object) if (Object.hasOwn(object, key)) count += 1;
  return count;
}
