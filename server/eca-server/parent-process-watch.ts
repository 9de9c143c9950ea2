/**
 * `initialize`'s `processId` (specs/eca-protocol-v2.md, "Initialize"): "If the parent process is
 * not alive then the server should exit". An editor that crashes may leave the pipe open (a
 * grandchild holds it), so the process itself is checked now and then.
 */
import { isProcessAlive } from '../agents/builtin/mcp/process-liveness';

const CHECK_INTERVAL_MS = 3_000;

/** Calls `onGone` once the process is gone; returns a function that stops watching. */
export function watchParentProcess(processId: number, onGone: () => void, intervalMs = CHECK_INTERVAL_MS): () => void {
  const timer = setInterval(() => {
    if (isProcessAlive(processId)) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  // The watch alone must not keep the server's process alive.
  timer.unref();
  return () => clearInterval(timer);
}
