/**
 * Where the server stands in ECA's lifecycle (specs/eca-protocol-v2.md, "Lifecycle Messages"),
 * which follows LSP's: `initialize` first, every other request only after it, nothing but `exit`
 * after `shutdown`, and the exit code says whether `shutdown` came first.
 */
import { alreadyInitialized, serverNotInitialized, serverShutDown } from './eca-server-errors';

export type LifecycleState = 'uninitialized' | 'initializing' | 'running' | 'shut-down';

export class EcaLifecycle {
  private current: LifecycleState = 'uninitialized';

  get state(): LifecycleState {
    return this.current;
  }

  get isRunning(): boolean {
    return this.current === 'running';
  }

  /** LSP's `exit`: 0 when `shutdown` was received first, 1 otherwise. */
  get exitCode(): number {
    return this.current === 'shut-down' ? 0 : 1;
  }

  /** Throws the error `initialize` deserves when it cannot start now. */
  beginInitialize(): void {
    if (this.current === 'shut-down') throw serverShutDown('initialize');
    if (this.current !== 'uninitialized') throw alreadyInitialized();
    this.current = 'initializing';
  }

  /** `initialize` failed: the editor may try again. */
  failInitialize(): void {
    if (this.current === 'initializing') this.current = 'uninitialized';
  }

  finishInitialize(): void {
    if (this.current === 'initializing') this.current = 'running';
  }

  /**
   * Throws the error a request other than `initialize` deserves when the server cannot serve it:
   * -32002 before `initialize` has been answered (LSP's ServerNotInitialized; while `initialize`
   * still runs the editor should not send anything either), -32600 after `shutdown`.
   */
  assertRunning(method: string): void {
    if (this.current === 'running') return;
    if (this.current === 'shut-down') throw serverShutDown(method);
    throw serverNotInitialized(method);
  }

  /** From `shutdown` on, only `exit` is expected. */
  shutDown(): void {
    this.current = 'shut-down';
  }
}
