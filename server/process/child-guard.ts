/**
 * Children die with the relay, however it ends. Each child runs in a process group of its own
 * (so that stopping it reaches what it started), which also takes it out of the signals that end
 * the relay: a SIGKILLed relay would leave a command that prints nothing running for ever.
 * Node cannot ask the kernel for a parent-death signal (prctl PR_SET_PDEATHSIG), so a watcher
 * does it: one small `/bin/sh` per relay, in a group of its own, that reads the relay's list of
 * child groups from a pipe. The relay holds the only other end; when the relay ends by any means,
 * the kernel closes it, the watcher reads end-of-file, and it sends SIGTERM to every group still
 * listed, then SIGKILL a second later.
 *
 * A child that leaves its process group (setsid) escapes this, as it escapes every group signal.
 */
import { type ChildProcess, spawn } from 'node:child_process';

/** Reads `+group` and `-group` lines; at end-of-file ends what is listed. Ignores the signals that end a terminal's jobs. */
const WATCHER_SCRIPT = `
trap '' HUP INT TERM QUIT PIPE
groups=' '
while IFS= read -r line; do
  case $line in
    +*) groups="$groups\${line#+} " ;;
    -*) id=\${line#-}
        case $groups in *" $id "*) groups="\${groups%% $id *} \${groups#* $id }" ;; esac ;;
  esac
done
[ "$groups" = ' ' ] && exit 0
for group in $groups; do kill -TERM "-$group" 2>/dev/null; done
sleep 1
for group in $groups; do kill -KILL "-$group" 2>/dev/null; done
exit 0
`;

/** Nothing of the relay's environment: the watcher needs only its shell's built-ins and `sleep`. */
const WATCHER_ENVIRONMENT: Record<string, string> = { PATH: '/usr/bin:/bin' };

class ChildGuard {
  private watcher: ChildProcess | undefined;
  private readonly groups = new Set<number>();

  /** Lists the group the child `pid` leads (it was spawned detached); returns what lets it go. */
  guard(pid: number): () => void {
    this.groups.add(pid);
    this.send(`+${pid}`);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.groups.delete(pid);
      // A group let go is one that has ended: its number may be given to a stranger's group next.
      this.send(`-${pid}`);
    };
  }

  private send(line: string): void {
    const watcher = this.watcher ?? this.startWatcher();
    watcher.stdin?.write(`${line}\n`);
  }

  private startWatcher(): ChildProcess {
    const watcher = spawn('/bin/sh', ['-c', WATCHER_SCRIPT], {
      // Its own group: Ctrl-C in the relay's terminal must not end the watcher before the relay.
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
      // Next.js's typings make NODE_ENV required on ProcessEnv; a child's environment needs no such thing.
      env: { ...WATCHER_ENVIRONMENT } as NodeJS.ProcessEnv,
      cwd: '/',
    });
    this.watcher = watcher;
    watcher.stdin?.on('error', (error) => log(`the child watcher's pipe failed: ${error.message}`));
    watcher.once('error', (error) => log(`could not start the child watcher: ${error.message}`));
    watcher.once('exit', (code, signal) => {
      if (this.watcher !== watcher) return;
      this.watcher = undefined;
      log(`the child watcher ended (${signal ?? code}); a new one watches the ${this.groups.size} running children`);
      for (const group of this.groups) this.send(`+${group}`);
    });
    // The watcher and its pipe alone must not keep the relay's process alive.
    watcher.unref();
    (watcher.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    return watcher;
  }
}

/** The watcher's troubles go where the relay's (and `baton eca-server`'s) own log goes. */
function log(message: string): void {
  process.stderr.write(`baton: ${message}\n`);
}

const guard = new ChildGuard();

/**
 * Ends the process group that `pid` leads when this process ends, however it ends. Call the
 * returned function once the group has ended (its leader exited and the rest were killed).
 */
export function guardChildGroup(pid: number): () => void {
  return guard.guard(pid);
}

/** Whether any process of the group is left (ESRCH says none is). */
export function groupHasMembers(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
