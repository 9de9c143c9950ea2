/**
 * How deep and how large a piece of JSON is, measured without recursion, so that every boundary
 * (a tab's socket, an agent's pipe, an HTTP backend, a thread file) can refuse what is too deep
 * before anything that does recurse touches it. `JSON.parse` is iterative and survives any
 * depth; `JSON.stringify`, zod, socket.io's encoder and SQLite's JSON functions do not: a few
 * thousand levels (about 10 KB of `[`) overflow the stack or hit SQLite's limit of 1,000.
 *
 * Both measures stop as soon as a limit is passed, so refusing a huge input costs no more than
 * reading up to the limit.
 */

/**
 * The deepest JSON any peer may send. Real messages stay far below: a JSON-RPC envelope and a
 * tool call's arguments with a nested schema take 20 to 30 levels. Far above that, and far below
 * what breaks (SQLite's 1,000, the stack's few thousand), so a value that passed one boundary
 * can be wrapped by Baton's own envelopes and still pass the next.
 */
export const MAX_JSON_DEPTH = 128;

export interface JsonLimits {
  /** Levels of arrays and objects; {@link MAX_JSON_DEPTH} unless given. */
  maxDepth?: number;
  /** Bytes of the value serialised as JSON (UTF-8); unbounded unless given. */
  maxBytes?: number;
}

export interface JsonMeasure {
  /** Levels of arrays and objects (a scalar is 0), or the first depth past the limit. */
  depth: number;
  /** UTF-8 bytes as `JSON.stringify` would write them, or as many as were counted when a limit stopped the count. */
  bytes: number;
  /** Which limit was passed, if any. */
  over?: 'depth' | 'bytes';
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * The nesting depth of a JSON text, read before it is parsed: brackets and braces outside
 * strings. One pass, no recursion; stops once past `maxDepth`. Not a validator: text that is not
 * JSON gets some number, and `JSON.parse` refuses it afterwards.
 */
export function jsonTextDepth(text: string, maxDepth = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  const length = text.length;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      index += 1;
      while (index < length) {
        const inString = text.charCodeAt(index);
        if (inString === QUOTE) break;
        index += inString === BACKSLASH ? 2 : 1;
      }
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > maxDepth) return deepest;
      }
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return deepest;
}

/** Whether a JSON text is nested deeper than `maxDepth`, checked before parsing it. */
export function isJsonTextTooDeep(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  return jsonTextDepth(text, maxDepth) > maxDepth;
}

/**
 * The depth and serialised size of a value already parsed (socket.io parses a tab's messages
 * itself), walked with a stack of its own. Counts what `JSON.stringify` would write: `toJSON`
 * is honoured, members that are undefined, functions or symbols are left out, and in arrays
 * they become `null`.
 */
export function measureJsonValue(value: unknown, limits: JsonLimits = {}): JsonMeasure {
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  const maxBytes = limits.maxBytes ?? Number.POSITIVE_INFINITY;
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let bytes = 0;
  let deepest = 0;
  while (pending.length > 0) {
    const { value: raw, depth } = pending.pop()!;
    const current = withToJson(raw);
    if (typeof current === 'object' && current !== null) {
      const level = depth + 1;
      if (level > deepest) deepest = level;
      if (level > maxDepth) return { depth: level, bytes, over: 'depth' };
      bytes += containerBytes(current, level, pending);
    } else {
      bytes += scalarBytes(current);
    }
    if (bytes > maxBytes) return { depth: deepest, bytes, over: 'bytes' };
  }
  return { depth: deepest, bytes };
}

/** Brackets, separators and keys of one array or object; its members are queued at `level`. */
function containerBytes(container: object, level: number, pending: { value: unknown; depth: number }[]): number {
  if (Array.isArray(container)) {
    for (const item of container) pending.push({ value: isSerialisable(item) ? item : null, depth: level });
    return 2 + Math.max(0, container.length - 1);
  }
  let bytes = 2;
  let members = 0;
  for (const key of Object.keys(container)) {
    const member = (container as Record<string, unknown>)[key];
    if (!isSerialisable(withToJson(member))) continue;
    members += 1;
    bytes += stringBytes(key) + 1;
    pending.push({ value: member, depth: level });
  }
  return bytes + Math.max(0, members - 1);
}

function withToJson(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return (value as { toJSON: () => unknown }).toJSON();
  }
  return value;
}

function isSerialisable(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}

function scalarBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return stringBytes(value);
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'bigint':
      return String(value).length;
    default:
      // null; undefined, functions and symbols at the top write nothing.
      return value === null ? 4 : 0;
  }
}

/** UTF-8 bytes of a string as `JSON.stringify` writes it: quoted, escaped, lone surrogates as `\uXXXX`. */
function stringBytes(text: string): number {
  let bytes = 2;
  const length = text.length;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === QUOTE || code === BACKSLASH) bytes += 2;
    else if (code < 0x20) bytes += code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 2 : 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4;
      index += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
