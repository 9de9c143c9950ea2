import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_WAIT_MS, whenPageSettled } from './when-page-settled';

/** A page as far as whenPageSettled sees one: its load state, its load event and, optionally, idle callbacks. */
class PageStandIn {
  readyState: DocumentReadyState = 'loading';
  readonly idleCallbacks = new Map<number, { run: () => void; timeout?: number }>();
  #loadListeners = new Set<() => void>();
  #nextIdle = 1;

  addEventListener(_type: 'load', listener: () => void): void {
    this.#loadListeners.add(listener);
  }
  removeEventListener(_type: 'load', listener: () => void): void {
    this.#loadListeners.delete(listener);
  }
  load(): void {
    this.readyState = 'complete';
    for (const listener of this.#loadListeners) listener();
    this.#loadListeners.clear();
  }
  requestIdleCallback = (run: () => void, options?: { timeout?: number }): number => {
    const id = this.#nextIdle++;
    this.idleCallbacks.set(id, { run, timeout: options?.timeout });
    return id;
  };
  cancelIdleCallback = (id: number): void => void this.idleCallbacks.delete(id);
  goIdle(): void {
    for (const [id, callback] of this.idleCallbacks) {
      this.idleCallbacks.delete(id);
      callback.run();
    }
  }
}

describe('whenPageSettled', () => {
  let page: PageStandIn;
  beforeEach(() => {
    vi.useFakeTimers();
    page = new PageStandIn();
    vi.stubGlobal('window', page);
    vi.stubGlobal('document', page);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the load, then the delay, then the browser being idle', () => {
    const task = vi.fn();
    whenPageSettled(task, 5_000);
    vi.advanceTimersByTime(60_000);
    expect(task).not.toHaveBeenCalled();

    page.load();
    vi.advanceTimersByTime(4_999);
    page.goIdle();
    expect(task).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect([...page.idleCallbacks.values()].map((callback) => callback.timeout)).toEqual([IDLE_WAIT_MS]);
    expect(task).not.toHaveBeenCalled();
    page.goIdle();
    expect(task).toHaveBeenCalledOnce();
  });

  it('counts the delay from now when the page has loaded already', () => {
    page.load();
    const task = vi.fn();
    whenPageSettled(task, 1_000);
    vi.advanceTimersByTime(1_000);
    page.goIdle();
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs after the delay alone where the browser has no idle callbacks', () => {
    vi.stubGlobal('window', Object.assign(page, { requestIdleCallback: undefined }));
    page.load();
    const task = vi.fn();
    whenPageSettled(task, 1_000);
    vi.advanceTimersByTime(1_000);
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs nothing once cancelled, at any stage', () => {
    const beforeLoad = vi.fn();
    whenPageSettled(beforeLoad, 1_000)();
    page.load();
    const duringDelay = vi.fn();
    const cancelDuringDelay = whenPageSettled(duringDelay, 1_000);
    const waitingForIdle = vi.fn();
    const cancelWaitingForIdle = whenPageSettled(waitingForIdle, 1_000);
    vi.advanceTimersByTime(500);
    cancelDuringDelay();
    vi.advanceTimersByTime(500);
    cancelWaitingForIdle();
    vi.advanceTimersByTime(10_000);
    page.goIdle();
    expect([beforeLoad, duringDelay, waitingForIdle].map((task) => task.mock.calls.length)).toEqual([0, 0, 0]);
  });
});
