/**
 * An incremental reader of the `text/event-stream` format, as the HTML standard defines it
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream):
 * lines end in CRLF, LF or CR (a CRLF may be split between two chunks); `data:` lines are joined
 * with "\n" (Emacs-Agent spreads one JSON object over several of them); lines starting with ":"
 * are comments (keep-alives); `id:` sets the last event id, which later events inherit; `retry:`
 * sets the reconnection delay. A blank line dispatches the event; an event cut off by the end
 * of the stream is discarded, as the standard says.
 *
 * Framing only: it knows nothing of JSON or of Emacs-Agent's event types.
 */

export interface SseMessage {
  /** The `event:` field; 'message' when the event has none. */
  event: string;
  /** The `data:` lines joined with "\n". */
  data: string;
  /** The `id:` this event itself carried; undefined when it carried none. */
  id: string | undefined;
  /** The last id seen on the stream, this event's or an earlier one's ('' when none yet). */
  lastEventId: string;
}

export interface SseHandlers {
  onMessage(message: SseMessage): void;
  /** A `retry:` field with a valid number of milliseconds. */
  onRetry?(milliseconds: number): void;
  /** A comment line, without its leading ":". */
  onComment?(text: string): void;
}

/** Bounds one line so that a peer that never ends a line cannot grow memory without end. */
export const MAX_SSE_LINE_CHARS = 4 * 1024 * 1024;
/**
 * Bounds one event, all its `data:` lines together, for a peer that never sends the blank line
 * ending it. Far above any event of Emacs-Agent's (a tool call with a file's content included).
 */
export const MAX_SSE_EVENT_CHARS = 8 * 1024 * 1024;

/** The stream broke a bound: a line or an event too long. The stream cannot be read on. */
export class SseLimitError extends Error {
  override readonly name = 'SseLimitError';
}

export class SseParser {
  private buffer = '';
  private atStreamStart = true;
  /** The previous chunk ended in CR: a LF at the start of the next one belongs to it. */
  private skipLeadingLineFeed = false;
  private eventType = '';
  private data = '';
  private hasData = false;
  private eventId: string | undefined;
  private lastEventId: string;

  constructor(
    private readonly handlers: SseHandlers,
    /** Where a reconnected stream starts from: the id the previous connection ended at. */
    initialLastEventId = '',
  ) {
    this.lastEventId = initialLastEventId;
  }

  push(chunk: string): void {
    let text = chunk;
    if (this.atStreamStart && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.atStreamStart = false;
    }
    if (this.skipLeadingLineFeed && text.startsWith('\n')) text = text.slice(1);
    this.skipLeadingLineFeed = false;
    // Only the new text is searched for line ends: what is buffered has none.
    const searchFrom = this.buffer.length;
    this.buffer += text;
    let start = 0;
    for (let index = searchFrom; index < this.buffer.length; index += 1) {
      const character = this.buffer[index];
      if (character !== '\n' && character !== '\r') continue;
      this.processLine(this.buffer.slice(start, index));
      if (character === '\r') {
        if (index + 1 === this.buffer.length) this.skipLeadingLineFeed = true;
        else if (this.buffer[index + 1] === '\n') index += 1;
      }
      start = index + 1;
    }
    this.buffer = this.buffer.slice(start);
    if (this.buffer.length > MAX_SSE_LINE_CHARS) {
      throw new SseLimitError(`an event-stream line longer than ${MAX_SSE_LINE_CHARS} characters`);
    }
  }

  /** The stream ended: what was not dispatched is dropped. */
  end(): void {
    this.buffer = '';
    this.resetEvent();
  }

  private processLine(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) {
      this.handlers.onComment?.(line.slice(1).replace(/^ /, ''));
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    switch (field) {
      case 'event':
        this.eventType = value;
        break;
      case 'data':
        if (this.data.length + value.length >= MAX_SSE_EVENT_CHARS) {
          throw new SseLimitError(`an event-stream event longer than ${MAX_SSE_EVENT_CHARS} characters`);
        }
        this.data += `${value}\n`;
        this.hasData = true;
        break;
      case 'id':
        // The standard ignores an id containing NULL.
        if (!value.includes('\0')) {
          this.lastEventId = value;
          this.eventId = value;
        }
        break;
      case 'retry':
        if (/^[0-9]+$/.test(value)) this.handlers.onRetry?.(Number(value));
        break;
      default:
        // Unknown fields are ignored, as the standard says.
        break;
    }
  }

  private dispatch(): void {
    if (this.hasData) {
      this.handlers.onMessage({
        event: this.eventType === '' ? 'message' : this.eventType,
        data: this.data.slice(0, -1),
        id: this.eventId,
        lastEventId: this.lastEventId,
      });
    }
    this.resetEvent();
  }

  private resetEvent(): void {
    this.eventType = '';
    this.data = '';
    this.hasData = false;
    this.eventId = undefined;
  }
}
