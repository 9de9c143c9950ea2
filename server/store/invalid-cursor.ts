/**
 * A page cursor the store did not make (thread-list-page.ts, audit-page.ts): a bad parameter, said
 * plainly, with the list it was meant for. Its own file so that each list's paging can throw it
 * without leaning on the store's interface.
 */
import { RelayError } from '../../lib/rpc/relay-error';

export class InvalidCursorError extends RelayError<'invalid-cursor'> {
  /** `list`: the list the cursor was meant for, as the message names it: "a thread list" unless said. */
  constructor(cursor: string, { list = 'a thread list', ...options }: ErrorOptions & { list?: string } = {}) {
    super('invalid-cursor', `${JSON.stringify(cursor.slice(0, 80))} is not ${list} cursor; pass back a nextCursor unchanged.`, options);
  }
}
