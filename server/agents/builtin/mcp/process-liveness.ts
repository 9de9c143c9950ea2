/**
 * The last stage of a stdio server's shutdown. The SDK's StdioClientTransport ends stdin and
 * signals its child, but does not wait for the final SIGKILL to land and does not give the child
 * to its caller; by process id, these helpers make sure the process is really gone.
 */
import { readFileSync } from 'node:fs';

const POLL_MS = 25;

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM means it exists but belongs to someone else: alive, as far as a wait is concerned.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/** An exited child that Node has not reaped yet still answers signal 0; it is gone all the same. */
function isZombie(pid: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    // No /proc entry: the process has been reaped since the signal-0 check.
    return true;
  }
}

/** Resolves true once the process is gone, false if it is still there after `timeoutMs`. */
export async function waitForProcessExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

/** SIGTERM, then SIGKILL if the process is still there after `graceMs`; resolves once it is gone. */
export async function terminateProcess(pid: number, graceMs: number, log: (message: string) => void): Promise<void> {
  if (!sendSignal(pid, 'SIGTERM', log)) return;
  if (await waitForProcessExit(pid, graceMs)) return;
  log(`process ${pid} ignored SIGTERM; killing it`);
  if (!sendSignal(pid, 'SIGKILL', log)) return;
  if (!(await waitForProcessExit(pid, graceMs))) log(`process ${pid} is still there after SIGKILL`);
}

/** False when there was no process left to signal. */
function sendSignal(pid: number, signal: NodeJS.Signals, log: (message: string) => void): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') {
      log(`could not send ${signal} to process ${pid}: ${(error as Error).message}`);
    }
    return false;
  }
}
