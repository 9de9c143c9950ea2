/**
 * Stop for an external agent's turn, the same for every adapter: on the turn's Stop the agent is
 * asked in its own protocol (ACP `session/cancel`, ECA `chat/promptStop`, `autohand.abort`,
 * Emacs-Agent's interrupt) and given a grace period to end the turn itself; an agent that has not
 * ended it by then is given up on (most adapters stop its process), so a stopped turn always ends
 * promptly, whatever the agent does.
 */

/** How long a stopped agent may take to end its turn after it was asked to stop. */
export const STOP_GRACE_MS = 2_000;
/**
 * How long a stopped turn waits for the agent to end it before ending without it, so Stop is
 * felt within a second; the agent's grace (STOP_GRACE_MS) goes on in the background, and the
 * thread's next prompt waits for it.
 */
export const TURN_END_AFTER_STOP_MS = 500;

export interface StopWithGraceOptions {
  /**
   * Asks the agent to stop. The grace period starts once it returns (or its promise settles); a
   * promise that rejects means the agent could not be asked, and the grace is over at once.
   */
  ask(): void | Promise<unknown>;
  /** The agent did not end the turn within the grace period: Baton ends it. Not called after done(). */
  giveUp(): void | Promise<void>;
  graceMs?: number;
}

export interface StopWithGrace {
  /** Aborts once the grace period is over and giveUp has run: whatever still waits for the agent stops. */
  readonly graceOver: AbortSignal;
  /** The turn has ended: no ask or give-up any more. */
  done(): void;
}

/** Watches `signal` (the turn's Stop; already aborted is fine) until done() is called. */
export function stopWithGrace(signal: AbortSignal, options: StopWithGraceOptions): StopWithGrace {
  const graceMs = options.graceMs ?? STOP_GRACE_MS;
  const over = new AbortController();
  let ended = false;
  let timer: NodeJS.Timeout | undefined;
  const giveUp = async () => {
    if (ended) return;
    try {
      await options.giveUp();
    } catch {
      // Nothing waits for giveUp but the grace: a failure to end the agent (its own to report)
      // must not crash the relay, and the turn ends all the same.
    } finally {
      over.abort();
    }
  };
  const onStop = () => {
    const startGrace = () => {
      if (ended) return;
      // unref: a grace period alone must not keep the relay's process alive.
      timer = setTimeout(() => void giveUp(), graceMs).unref();
    };
    let asked: void | Promise<unknown>;
    try {
      asked = options.ask();
    } catch {
      return void giveUp();
    }
    if (asked instanceof Promise) asked.then(startGrace, () => void giveUp());
    else startGrace();
  };
  if (signal.aborted) onStop();
  else signal.addEventListener('abort', onStop, { once: true });
  return {
    graceOver: over.signal,
    done: () => {
      ended = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onStop);
    },
  };
}
