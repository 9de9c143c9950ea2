/** The URL as a log may show it: without its password. Apart from ./redis-link.ts, which loads the Redis client. */
export function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
