/**
 * The value of a bash `$'…'` word: the escapes of the bash manual's "ANSI-C Quoting" section
 * decoded, so `$'\x72m'` is read as the `rm` it runs.
 */

const SINGLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

const OCTAL_DIGITS = '01234567';
const HEX_DIGITS = '0123456789abcdefABCDEF';

/** The longest run of `digits`, at most `most` long, starting at `from`. */
function digitRun(text: string, from: number, digits: string, most: number): string {
  let end = from;
  while (end < text.length && end - from < most && digits.includes(text[end]!)) end += 1;
  return text.slice(from, end);
}

function codePointText(codePoint: number): string | undefined {
  if (codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return undefined;
  return String.fromCodePoint(codePoint);
}

/**
 * Decodes the text between `$'` and `'`. Bash ends the word's value at a decoded NUL (a C
 * string cannot hold one), so the rest is dropped; an escape bash does not know stays as
 * written, backslash included.
 */
export function decodeAnsiCQuoted(body: string): string {
  let value = '';
  let index = 0;
  while (index < body.length) {
    const character = body[index]!;
    if (character !== '\\' || index + 1 >= body.length) {
      value += character;
      index += 1;
      continue;
    }
    const kind = body[index + 1]!;
    let decoded: string | undefined;
    let length = 2;
    if (Object.hasOwn(SINGLE_ESCAPES, kind)) {
      decoded = SINGLE_ESCAPES[kind];
    } else if (OCTAL_DIGITS.includes(kind)) {
      const digits = digitRun(body, index + 1, OCTAL_DIGITS, 3);
      decoded = String.fromCharCode(Number.parseInt(digits, 8) & 0xff);
      length = 1 + digits.length;
    } else if (kind === 'x' || kind === 'u' || kind === 'U') {
      const digits = digitRun(body, index + 2, HEX_DIGITS, kind === 'x' ? 2 : kind === 'u' ? 4 : 8);
      if (digits.length > 0) {
        const codePoint = Number.parseInt(digits, 16);
        decoded = kind === 'x' ? String.fromCharCode(codePoint) : codePointText(codePoint);
        length = 2 + digits.length;
      }
    } else if (kind === 'c' && index + 2 < body.length) {
      decoded = String.fromCharCode(body.charCodeAt(index + 2) & 0x1f);
      length = 3;
    }
    if (decoded === undefined) {
      value += character;
      index += 1;
      continue;
    }
    if (decoded === '\0') return value;
    value += decoded;
    index += length;
  }
  return value;
}
