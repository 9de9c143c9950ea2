/**
 * Timestamps that never repeat or go back within this process: two changes in the same
 * millisecond would otherwise tie, and the thread list would not follow the order of changes.
 */
export function monotonicClock(): () => Date {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last);
  };
}
