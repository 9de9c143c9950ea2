/**
 * A thread's address: `/t/<id>`; `/` is a new, empty chat. Read from and written to the page's
 * own address, however the page was served.
 */
const THREAD_PATH = /^\/t\/([^/]+)\/?$/;

/** The thread the address names, or null for any other address. */
export function threadIdFromPath(pathname: string): string | null {
  const match = THREAD_PATH.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    // A malformed escape names no thread: the address is treated as a new chat's.
    return null;
  }
}

export function pathForThread(threadId: string | null): string {
  return threadId === null ? '/' : `/t/${encodeURIComponent(threadId)}`;
}
