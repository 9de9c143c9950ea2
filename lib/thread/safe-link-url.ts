/**
 * A link the agent sent (`url` content), if it is safe to open: http or https only. Anything
 * else (javascript:, data:, file:, a relative path) is shown as text, never as a link.
 */
export function safeLinkUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not an absolute URL: there is nothing to open.
    return null;
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
}
