/**
 * The header part of LSP-style framing (ECA protocol v2, "Base Protocol"): ASCII `name: value`
 * lines, names case-insensitive, `Content-Length` required, `Content-Type` optional with UTF-8 the
 * only charset accepted.
 */
import { FramingError } from './framing-error';
import { preview } from './message-framing';

/**
 * Lengths above this are taken for corruption rather than for a real (if oversized) message: the
 * reader resynchronises instead of skipping that many bytes, which would swallow the stream.
 */
export const ABSURD_CONTENT_LENGTH = 2 ** 30;

export interface HeaderFields {
  contentLength?: string;
  contentType?: string;
  /** Set when `Content-Length` came twice with different values (RFC 9110 §8.6 forbids it). */
  conflictingLength?: string;
}

export type HeaderCheck =
  /** The body is `length` bytes; when `refusal` is set it must be skipped rather than read. */
  { ok: true; length: number; refusal?: FramingError } | { ok: false; error: FramingError };

/** Reads one non-empty header line into `fields`, or says why it is not a header field. */
export function readHeaderField(line: string, fields: HeaderFields): FramingError | undefined {
  const colon = line.indexOf(':');
  if (colon === -1) {
    return new FramingError('malformed-header', `A header line has no colon: ${preview(line)}`);
  }
  const name = line.slice(0, colon).trim().toLowerCase();
  const value = line.slice(colon + 1).trim();
  if (name === 'content-length') {
    if (fields.contentLength !== undefined && fields.contentLength !== value) fields.conflictingLength = value;
    fields.contentLength = value;
  } else if (name === 'content-type') {
    fields.contentType = value;
  }
  return undefined;
}

/** Judges a complete header block. */
export function checkHeaderFields(fields: HeaderFields, maxMessageBytes: number): HeaderCheck {
  const { contentLength } = fields;
  if (contentLength === undefined) {
    return fail('missing-content-length', 'A header block has no Content-Length');
  }
  if (fields.conflictingLength !== undefined) {
    return fail(
      'invalid-content-length',
      `Content-Length is given twice with different values (${preview(contentLength)} and ${preview(fields.conflictingLength)})`,
    );
  }
  if (!/^[0-9]+$/.test(contentLength)) {
    const reason = /^-[0-9]+$/.test(contentLength) ? 'must not be negative' : 'must be a number of bytes';
    return fail('invalid-content-length', `Content-Length ${reason}, got ${preview(contentLength)}`);
  }
  const length = Number(contentLength);
  if (length > ABSURD_CONTENT_LENGTH) {
    return fail('invalid-content-length', `Content-Length ${contentLength} is beyond any plausible message`);
  }
  const charset = charsetOf(fields.contentType);
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    const refusal = new FramingError(
      'unsupported-charset',
      `Content-Type charset ${preview(charset)} is not supported: only utf-8 is (message of ${length} bytes skipped)`,
    );
    return { ok: true, length, refusal };
  }
  if (length > maxMessageBytes) {
    const refusal = new FramingError(
      'message-too-large',
      `A message of ${length} bytes exceeds the ${maxMessageBytes}-byte limit and was skipped`,
    );
    return { ok: true, length, refusal };
  }
  return { ok: true, length };
}

/** The charset parameter of a media type, lower-cased and unquoted; undefined when absent. */
export function charsetOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  for (const parameter of contentType.split(';').slice(1)) {
    const equals = parameter.indexOf('=');
    if (equals === -1) continue;
    if (parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue;
    return parameter
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
  }
  return undefined;
}

function fail(kind: FramingError['kind'], message: string): HeaderCheck {
  return { ok: false, error: new FramingError(kind, message) };
}
