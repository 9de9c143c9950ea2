/**
 * Test support: whether a process still lives, and a bounded wait for it to be gone. A zombie
 * (exited, not yet reaped by whoever adopted it) counts as gone: it runs nothing.
 */
import { readFile } from 'node:fs/promises';

export async function isProcessAlive(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The state follows the command name, which is in parentheses and may contain spaces.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Resolves true once the process is gone, false if it still runs after `withinMs`. */
export async function waitUntilGone(pid: number, withinMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (!(await isProcessAlive(pid))) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !(await isProcessAlive(pid));
}
