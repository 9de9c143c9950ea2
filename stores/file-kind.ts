/**
 * What the file panel makes of a file from its name and first bytes: a picture it can preview,
 * text it can page through, or other bytes it describes (never refuses). Pure, for the store.
 */

/** Pictures a browser shows in an `<img>`; an SVG there runs no script. */
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
};

/** Known formats by their first bytes, for describing a binary file. */
const SIGNATURES: ReadonlyArray<{ bytes: readonly number[]; name: string }> = [
  { bytes: [0x25, 0x50, 0x44, 0x46], name: 'PDF document' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], name: 'ZIP archive' },
  { bytes: [0x1f, 0x8b], name: 'gzip archive' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], name: 'ELF executable' },
  { bytes: [0x00, 0x61, 0x73, 0x6d], name: 'WebAssembly module' },
  { bytes: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66], name: 'SQLite database' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], name: 'PNG image' },
  { bytes: [0xff, 0xd8, 0xff], name: 'JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], name: 'GIF image' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf], name: '7-Zip archive' },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], name: 'Zstandard archive' },
];

export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function imageTypeOf(path: string): string | undefined {
  return IMAGE_TYPES[extensionOf(path)];
}

export function isMarkdownPath(path: string): boolean {
  return ['md', 'markdown', 'mdx'].includes(extensionOf(path));
}

/** No NUL byte, and UTF-8 as far as it goes (a character cut at the end of the sample is fine). */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    // A fatal decoder throws on the first byte that is not UTF-8: that is the answer, not a failure.
    return false;
  }
}

/** A line saying what a binary file is, as far as its first bytes tell. */
export function describeBinary(head: Uint8Array, size: number): string {
  const known = SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte));
  return `${known ? known.name : 'Binary file'}, ${formatBytes(size)}`;
}

/** The first bytes as a hex dump, 16 a row, with their printable ASCII beside them. */
export function hexDump(head: Uint8Array, rows = 16): string {
  const lines: string[] = [];
  for (let offset = 0; offset < Math.min(head.length, rows * 16); offset += 16) {
    const row = head.subarray(offset, offset + 16);
    const hex = [...row].map((byte) => byte.toString(16).padStart(2, '0')).join(' ');
    const ascii = [...row].map((byte) => (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.')).join('');
    lines.push(`${offset.toString(16).padStart(8, '0')}  ${hex.padEnd(47)}  ${ascii}`);
  }
  return lines.join('\n');
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} ${size === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = size / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function decodeBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
