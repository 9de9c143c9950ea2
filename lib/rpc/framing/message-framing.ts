/**
 * The contract every framing keeps: a reader that is pushed bytes as they arrive and calls back
 * once per message or per error, and an encoder that turns one message into bytes. Shared by the
 * relay and the browser, so it works on `Uint8Array` with `TextDecoder` and imports nothing of Node.
 */
import { isJsonTextTooDeep, MAX_JSON_DEPTH } from '../../json/json-bounds';
import { FramingError } from './framing-error';

/** The default cap on one message's bytes: larger messages are refused without being buffered. */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

export interface MessageReaderOptions {
  /** Called once per message, in order: the parsed JSON value, or the body text when `decode` is `'text'`. */
  onMessage: (message: unknown) => void;
  /** Called once per bad message; the reader has already skipped it and goes on with the next. */
  onError: (error: FramingError) => void;
  /** The largest message accepted, in bytes. Defaults to {@link DEFAULT_MAX_MESSAGE_BYTES}. */
  maxMessageBytes?: number;
  /** `'json'` (the default) parses each message; `'text'` hands over the decoded text unparsed. */
  decode?: 'json' | 'text';
  /** The deepest nesting of arrays and objects accepted. Defaults to {@link MAX_JSON_DEPTH}. */
  maxDepth?: number;
}

export interface MessageReader {
  /**
   * Takes the next bytes of the stream, split anywhere. The reader copies what it keeps, so the
   * caller may reuse the array once `push` returns. Callbacks run before `push` returns.
   */
  push(bytes: Uint8Array): void;
  /** The stream has ended: deliver a final unterminated message or report a truncated one. */
  end(): void;
}

export interface MessageFraming {
  readonly name: 'content-length' | 'ndjson';
  createReader(options: MessageReaderOptions): MessageReader;
  /** One message (any JSON value, batches included) as the bytes to write. */
  encode(message: unknown): Uint8Array;
}

const utf8Decoder = new TextDecoder('utf-8');
export const utf8Encoder = new TextEncoder();

/**
 * Decodes one message's bytes and hands it on. Malformed UTF-8 becomes U+FFFD, as the WHATWG
 * decoder does; a body that is then no JSON is reported as such.
 */
export function deliverMessage(bytes: Uint8Array, options: MessageReaderOptions): void {
  deliverText(utf8Decoder.decode(bytes), options);
}

/**
 * Hands on one message's text, parsed unless the reader was asked for text. Its depth is read
 * first: what is parsed here goes on to code that recurses (schemas, `JSON.stringify`, the
 * store), which a message thousands of levels deep would overflow.
 */
export function deliverText(text: string, options: MessageReaderOptions): void {
  if (options.decode === 'text') {
    options.onMessage(text);
    return;
  }
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  if (isJsonTextTooDeep(text, maxDepth)) {
    options.onError(
      new FramingError(
        'too-deep',
        `A message is nested deeper than ${maxDepth} levels of arrays and objects and was skipped: ${preview(text)}`,
      ),
    );
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    options.onError(
      new FramingError('invalid-json', `A message is not JSON: ${describeParseFailure(error)} in ${preview(text)}`, {
        cause: error,
      }),
    );
    return;
  }
  options.onMessage(value);
}

export function serializeMessage(message: unknown): string {
  const text = JSON.stringify(message);
  if (text === undefined) throw new TypeError(`A ${typeof message} cannot be sent as a JSON message`);
  return text;
}

export function resolveMaxMessageBytes(options: MessageReaderOptions): number {
  const max = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  if (!Number.isSafeInteger(max) || max <= 0) {
    throw new RangeError(`maxMessageBytes must be a positive integer, got ${String(max)}`);
  }
  return max;
}

/** A short, printable excerpt of bad input for an error message. */
export function preview(text: string, limit = 60): string {
  const excerpt = text.length > limit ? `${text.slice(0, limit)}…` : text;
  return JSON.stringify(excerpt);
}

function describeParseFailure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
