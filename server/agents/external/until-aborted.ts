/**
 * Waits for something (a user's answer, a tool's preparation) or for Stop, whichever comes first.
 * The hub rejects what waits when a turn is stopped, but an answer that never comes must not keep
 * a stopped turn open either.
 */
import type { PermissionOutcome } from './permission-gate';

/** Resolves with `promise`'s value, or with undefined as soon as `signal` aborts (at once if it has). */
export async function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return undefined;
  let onAbort = () => undefined as void;
  const aborted = new Promise<undefined>((resolve) => {
    onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Resolves undefined `ms` after `signal` aborts (counted from now if it has); never when it does not. */
export function afterAbort(signal: AbortSignal, ms: number): Promise<undefined> {
  return new Promise((resolve) => {
    // unref: a wait for a stopped turn alone must not keep the relay's process alive.
    const wait = () => setTimeout(() => resolve(undefined), ms).unref();
    if (signal.aborted) wait();
    else signal.addEventListener('abort', wait, { once: true });
  });
}

/** A user's answer to a card, or, once the turn is stopped, a rejection by the user. */
export async function untilStopped(outcome: Promise<PermissionOutcome>, signal: AbortSignal): Promise<PermissionOutcome> {
  return (await untilAborted(outcome, signal)) ?? { decision: 'rejected', decidedBy: 'user' };
}
