/**
 * The fake ECA server's own Content-Length framing (specs/eca-protocol-v2.md, "Base Protocol"),
 * deliberately not Baton's: a fake that shared the client's framing code would agree with its bugs.
 */

export interface Message {
  jsonrpc?: string;
  id?: string | number | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

export function send(message: Message): void {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  process.stdout.write(`Content-Length: ${body.length}\r\n\r\n`);
  process.stdout.write(body);
}

export function notify(method: string, params?: unknown): void {
  send({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
}

/** Bytes exactly as given: for the frames a test wants malformed. */
export function writeRaw(text: string): void {
  process.stdout.write(text);
}

/**
 * A reader for chunks split anywhere. A header without a usable length is reported and skipped
 * up to the next `Content-Length:`; a body that is not JSON is reported.
 */
export function createFrameReader(onMessage: (message: Message) => void, onProblem: (problem: string) => void) {
  let buffer = Buffer.alloc(0);
  return (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const headerEnd = buffer.indexOf('\r\n\r\n');
      if (headerEnd === -1) return;
      const header = buffer.subarray(0, headerEnd).toString('ascii');
      const length = /Content-Length: *(\d+)/i.exec(header)?.[1];
      if (length === undefined) {
        onProblem(`a header without a usable Content-Length: ${JSON.stringify(header)}`);
        buffer = buffer.subarray(headerEnd + 4);
        continue;
      }
      const end = headerEnd + 4 + Number(length);
      if (buffer.length < end) return;
      const body = buffer.subarray(headerEnd + 4, end).toString('utf8');
      buffer = buffer.subarray(end);
      try {
        onMessage(JSON.parse(body) as Message);
      } catch {
        onProblem(`a body that is not JSON: ${JSON.stringify(body.slice(0, 60))}`);
      }
    }
  };
}
