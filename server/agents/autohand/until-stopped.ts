/**
 * Waits for a user's answer, or for Stop. The hub rejects what waits when a turn is stopped, but
 * an answer that never comes must not keep a stopped turn open either.
 */
import type { PermissionOutcome } from '../external/permission-gate';

export async function untilStopped(outcome: Promise<PermissionOutcome>, signal: AbortSignal): Promise<PermissionOutcome> {
  const stopped: PermissionOutcome = { decision: 'rejected', decidedBy: 'user' };
  if (signal.aborted) return stopped;
  let onAbort = () => undefined as void;
  const aborted = new Promise<PermissionOutcome>((resolve) => {
    onAbort = () => resolve(stopped);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([outcome, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
