/**
 * `npm start` (and `npx baton`) run Baton through npm's script shell: npm → `sh -c` → node. Stopped
 * with a signal (`kill <npm pid>`, an editor's or a process manager's stop), npm passes the signal
 * to that shell, which dies of it and does not pass it on (Debian's dash does not exec its last
 * command). The relay stayed behind, orphaned, holding its port and its data folder with nothing
 * left to stop it. So, started by npm, the relay watches its parent and stops once it has gone.
 *
 * Only under npm: a relay started from a shell or a script that then exits (`nohup ... &`) is meant
 * to go on running. The parent is read once a second: one system call, a second's wait at most.
 */
const PARENT_CHECK_MS = 1_000;

export function stopWithNpmScript(env: NodeJS.ProcessEnv, onGone: (reason: string) => void): void {
  if (!env.npm_lifecycle_event || process.platform === 'win32') return;
  const parent = process.ppid;
  const check = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(check);
    onGone(`npm's ${env.npm_lifecycle_event} script, which started Baton, has ended`);
  }, PARENT_CHECK_MS);
  // The watch alone must not keep the relay's process alive.
  check.unref();
}
