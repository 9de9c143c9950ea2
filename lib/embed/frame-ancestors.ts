/**
 * Whether a CSP `frame-ancestors` source list allows an origin to frame Baton. The browser enforces
 * the header itself; the relay and the page ask the same question to say *why* a frame is refused
 * (the browser only refuses silently) and to take host messages only from a frame's allowed
 * ancestors. Follows CSP Level 3, "Does url match expression in origin with redirect count?":
 * https://www.w3.org/TR/CSP3/#match-url-to-source-expression (paths are not compared: an
 * ancestor is an origin).
 */

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };
const HOST_SOURCE = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\*|\d+))?(?:\/.*)?$/i;

/** The sources of a `frame-ancestors` value (space-separated, as `--frame-ancestors` takes it). */
export function frameAncestorSources(value: string): string[] {
  return value.trim().split(/\s+/).filter(Boolean);
}

export function frameAncestorsAllow(sources: readonly string[], origin: string, selfOrigin: string): boolean {
  let candidate: URL;
  let self: URL;
  try {
    candidate = new URL(origin);
    self = new URL(selfOrigin);
  } catch {
    return false;
  }
  return sources.some((source) => sourceMatches(source, candidate, self));
}

function sourceMatches(source: string, candidate: URL, self: URL): boolean {
  const lower = source.toLowerCase();
  if (lower === "'none'") return false;
  if (lower === "'self'") return candidate.origin === self.origin;
  // `*` matches any network scheme, never data:, blob: or a sandboxed (opaque) origin.
  if (lower === '*') return ['http:', 'https:', 'ws:', 'wss:', 'ftp:'].includes(candidate.protocol);
  if (/^[a-z][a-z0-9+.-]*:$/.test(lower)) return schemeMatches(lower, candidate.protocol);
  const parts = HOST_SOURCE.exec(lower);
  if (!parts) return false;
  const [, scheme, host = '', port] = parts;
  const expectedScheme = scheme ? `${scheme}:` : self.protocol;
  if (!schemeMatches(expectedScheme, candidate.protocol)) return false;
  if (!hostMatches(host, candidate.hostname)) return false;
  // A scheme with no default port (`vscode-file:`) has none to fill in: its origins carry no port.
  const defaultPort = DEFAULT_PORTS[candidate.protocol] ?? '';
  const candidatePort = candidate.port || defaultPort;
  if (port === '*') return true;
  // No port in the source: the scheme's default port only (none, for a scheme without one).
  if (port === undefined) return candidatePort === defaultPort;
  return port === candidatePort;
}

/** `http:` also matches https (a secure upgrade), as CSP allows. */
function schemeMatches(expected: string, actual: string): boolean {
  if (expected === actual) return true;
  return (expected === 'http:' && actual === 'https:') || (expected === 'ws:' && actual === 'wss:');
}

function hostMatches(pattern: string, hostname: string): boolean {
  if (pattern === '*') return true;
  if (pattern.startsWith('*.')) return hostname.endsWith(pattern.slice(1));
  return pattern === hostname;
}
