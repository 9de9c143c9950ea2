/**
 * A cap on the size of one message from an MCP server, on both transports: the SDK's stdio framing
 * buffers a line until its newline comes, and its HTTP transport reads a JSON body or an event
 * stream's event whole, however long either grows. A server that never ends its line (or sends a
 * gigabyte) would grow the relay's memory until it fell over. Past the cap, what was buffered is
 * dropped, nothing more of it is read, and the connection is ended with an McpMessageTooLarge.
 */

/** Far above any tool result a model can take in (an image is a few MiB as base64). */
export const MAX_MCP_MESSAGE_BYTES = 16 * 1024 * 1024;

const NEWLINE = 0x0a;
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const CARRIAGE_RETURN = 0x0d;

export class McpMessageTooLarge extends Error {
  constructor(maxBytes: number) {
    super(`The server sent a message of more than ${formatMiB(maxBytes)}; it was not read and the server was stopped.`);
    this.name = 'McpMessageTooLarge';
  }
}

function formatMiB(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/**
 * Counts the bytes of the message being received, chunk by chunk. A message ends at a newline
 * (newline-delimited JSON) or, with `endsAtBlankLine`, at an empty line (a server-sent event, whose
 * data may span several lines).
 */
export class MessageSizeCounter {
  private messageBytes = 0;
  private lineBytes = 0;

  constructor(
    readonly maxBytes: number,
    private readonly endsAtBlankLine = false,
  ) {}

  /** Adds a chunk; false once the message under way is over the cap. */
  add(chunk: Uint8Array): boolean {
    let start = 0;
    for (let newline = chunk.indexOf(NEWLINE); newline !== -1; newline = chunk.indexOf(NEWLINE, start)) {
      const lineEnd = newline > start && chunk[newline - 1] === CARRIAGE_RETURN ? newline - 1 : newline;
      this.lineBytes += lineEnd - start;
      this.messageBytes += newline + 1 - start;
      if (this.messageBytes > this.maxBytes) return false;
      if (!this.endsAtBlankLine || this.lineBytes === 0) this.messageBytes = 0;
      this.lineBytes = 0;
      start = newline + 1;
    }
    this.lineBytes += chunk.length - start;
    this.messageBytes += chunk.length - start;
    return this.messageBytes <= this.maxBytes;
  }
}

/**
 * The same response with its body read through the cap: a JSON body as one message, an event
 * stream event by event. Past the cap the body fails with McpMessageTooLarge (the SDK drops it) and
 * `onTooLarge` hears of it: the SDK's own report of a failed event stream carries only its text.
 */
export function capResponseBody(response: Response, maxBytes: number, onTooLarge: (error: McpMessageTooLarge) => void): Response {
  // A body the fetch standard forbids for the status (204, 304...) is never there to cap.
  if (!response.body || NULL_BODY_STATUSES.has(response.status)) return response;
  const eventStream = response.headers.get('content-type')?.includes('text/event-stream') ?? false;
  // A JSON body is one message however many lines it has: a cap with no end of message in it.
  const counter = eventStream ? new MessageSizeCounter(maxBytes, true) : undefined;
  let bodyBytes = 0;
  const capped = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bodyBytes += chunk.length;
        if (counter ? counter.add(chunk) : bodyBytes <= maxBytes) {
          controller.enqueue(chunk);
          return;
        }
        const error = new McpMessageTooLarge(maxBytes);
        controller.error(error);
        onTooLarge(error);
      },
    }),
  );
  return new Response(capped, { status: response.status, statusText: response.statusText, headers: response.headers });
}
