/**
 * Reads the one line Baton's launcher prints on stdout when the relay listens:
 * `Baton ready: http://127.0.0.1:PORT/#token=TOKEN` (README, "Starting it"). Scripts are told to
 * match `^Baton ready: (http://\S+)$`; the token travels in the fragment, so it never reaches a
 * server log.
 */
export const READY_LINE = /^Baton ready: (http:\/\/\S+)$/;

export interface RelayAddress {
  /** Where the relay serves the page, without the token: `http://127.0.0.1:4781/`. */
  pageUrl: string;
  /** The relay's own origin: `http://127.0.0.1:4781`. */
  origin: string;
  port: number;
  token: string;
}

export class ReadyLineError extends Error {
  override readonly name = 'ReadyLineError';
}

/**
 * The relay's address once `output` (stdout so far) holds the whole ready line; undefined before.
 * A line still arriving is not read: its token could be cut short.
 */
export function findReadyLine(output: string): RelayAddress | undefined {
  const completeLines = output.split('\n').slice(0, -1);
  for (const line of completeLines) {
    const match = READY_LINE.exec(line.replace(/\r$/, ''));
    if (match?.[1]) return parseRelayUrl(match[1]);
  }
  return undefined;
}

/** Splits a printed relay URL (`http://host:port/path#token=...`) into its page address and token. */
export function parseRelayUrl(printed: string): RelayAddress {
  let url: URL;
  try {
    url = new URL(printed);
  } catch {
    throw new ReadyLineError(`Not a relay URL: ${JSON.stringify(printed)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ReadyLineError(`A relay URL is http or https, not ${url.protocol} (${JSON.stringify(printed)})`);
  }
  const token = new URLSearchParams(url.hash.slice(1)).get('token');
  if (!token) throw new ReadyLineError(`The relay URL carries no #token=... (${JSON.stringify(printed)})`);
  url.hash = '';
  url.search = '';
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return { pageUrl: url.toString(), origin: url.origin, port, token };
}
