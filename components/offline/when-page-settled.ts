/** The browser gets this long to be idle after the delay; then the task runs anyway. */
export const IDLE_WAIT_MS = 5_000;

/** Runs `task` once the page has loaded, `delayMs` more have passed and the browser is idle; returns a cancel. */
export function whenPageSettled(task: () => void, delayMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const whenIdle = () => {
    // Safari has no requestIdleCallback: there the delay alone has to do.
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task, { timeout: IDLE_WAIT_MS });
    else task();
  };
  const afterLoad = () => {
    timer = setTimeout(whenIdle, delayMs);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    window.removeEventListener('load', afterLoad);
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
