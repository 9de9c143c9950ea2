import { describe, expect, it } from 'vitest';
import { type ThreadEvent, ThreadEventSchema } from '../lib/protocol/thread-events';
import { encodeEvents } from '../server/store/event-rows';
import { eventRows } from './raw-recording';

describe('eventRows', () => {
  it("writes the rows Baton's store writes for the same events: runs of pieces, and the rest alone", () => {
    // Parsed, as the recorder hands them to the store.
    const events: ThreadEvent[] = [
      { seq: 1, role: 'user', content: { type: 'text', text: 'hello' } },
      { seq: 2, role: 'user', content: { type: 'text', text: 'again' } },
      { seq: 3, role: 'assistant', content: { type: 'text', text: 'p0 ' } },
      { seq: 4, role: 'assistant', content: { type: 'text', text: 'p1 ' } },
      { seq: 5, role: 'assistant', content: { type: 'text', text: 'p2 ' } },
      { seq: 6, role: 'system', content: { type: 'progress', state: 'finished' } },
      { seq: 8, role: 'assistant', content: { type: 'text', text: 'after a gap ' } },
      { seq: 9, role: 'assistant', content: { type: 'text', text: 'p3 ' } },
    ].map((event) => ThreadEventSchema.parse(event));
    expect(eventRows(events)).toEqual(encodeEvents('thread', events));
    // Two user messages, a run of three pieces, the progress, and a run of two after the gap.
    expect(eventRows(events)).toHaveLength(5);
  });
});
