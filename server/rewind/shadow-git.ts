/**
 * The real `git` binary, run on Baton's shadow repository: its git directory in Baton's data folder
 * (out of every agent's reach), its work tree the workspace. Nothing of the user's own repository
 * is read or written, and neither the user's nor the system's git configuration applies: a
 * workspace cannot make this git run a hook, a filter or an fsmonitor. One command at a time, since
 * the repository has one index.
 */
import { spawn } from 'node:child_process';
import { access, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export class ShadowGitError extends Error {
  readonly code = 'shadow-git-failed';
}

/** Config for every command: none of it can come from the workspace or the user's own settings. */
const FIXED_CONFIG = [
  `core.hooksPath=${os.devNull}`,
  'core.fsmonitor=false',
  'core.autocrlf=false',
  'core.quotePath=false',
  'core.symlinks=true',
  'gc.auto=0',
  'safe.directory=*',
];

export class ShadowGit {
  private queue: Promise<unknown> = Promise.resolve();
  private ready: Promise<void> | undefined;

  constructor(
    readonly gitDir: string,
    readonly workTree: string,
    /** Workspace folders never taken into a checkpoint (Baton's data folder, when inside). */
    private readonly excluded: readonly string[] = [],
  ) {}

  /**
   * Runs one git command after the ones before it; resolves to its standard output. Pathspecs are
   * literal unless `pathspecMagic` is set, for a caller that writes each one's magic itself.
   */
  run(args: readonly string[], input?: string, options: { pathspecMagic?: boolean } = {}): Promise<Buffer> {
    const next = this.queue.then(async () => {
      await this.initialize();
      return this.spawnGit(args, input, options.pathspecMagic);
    });
    // The caller gets this command's failure through `next`; the queue only orders commands, so a
    // failed one must not stop those after it.
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Runs one git command beside the queue, not after it: for the garbage collection, which must
   * never hold up a turn's checkpoint. Only for commands git itself makes safe to run alongside
   * others (gc locks what it changes and, given a grace period, keeps objects written meanwhile).
   */
  async runAside(args: readonly string[]): Promise<Buffer> {
    await this.initialize();
    return this.spawnGit(args);
  }

  /** Whether the repository was ever made (no checkpoint was taken before it is). */
  async exists(): Promise<boolean> {
    return access(this.gitDir).then(
      () => true,
      () => false,
    );
  }

  private initialize(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.gitDir, { recursive: true, mode: 0o700 });
      await this.spawnGit(['init', '--quiet']);
      // Paths are given relative to the work tree, each one literal (no pattern in a file name applies).
      const exclude = this.excluded
        .map((folder) => path.relative(this.workTree, folder))
        .filter((relative) => relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative))
        .map((relative) => `/${relative.split(path.sep).join('/')}/`);
      await mkdir(path.join(this.gitDir, 'info'), { recursive: true });
      await writeFile(path.join(this.gitDir, 'info', 'exclude'), exclude.map((line) => `${line}\n`).join(''));
    })();
    this.ready.catch(() => {
      this.ready = undefined;
    });
    return this.ready;
  }

  /** An explicit environment: nothing of the relay's own (its secrets) reaches git. */
  private environment(pathspecMagic = false): Record<string, string> {
    return {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      GIT_DIR: this.gitDir,
      GIT_WORK_TREE: this.workTree,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: os.devNull,
      GIT_TERMINAL_PROMPT: '0',
      GIT_LITERAL_PATHSPECS: pathspecMagic ? '0' : '1',
      GIT_AUTHOR_NAME: 'Baton',
      GIT_AUTHOR_EMAIL: 'baton@localhost',
      GIT_COMMITTER_NAME: 'Baton',
      GIT_COMMITTER_EMAIL: 'baton@localhost',
      HOME: this.gitDir,
      LC_ALL: 'C',
    };
  }

  private spawnGit(args: readonly string[], input?: string, pathspecMagic?: boolean): Promise<Buffer> {
    const config = FIXED_CONFIG.flatMap((setting) => ['-c', setting]);
    const child = spawn('git', [...config, ...args], {
      cwd: this.workTree,
      // Next.js's typings make NODE_ENV required on ProcessEnv; git needs no such thing.
      env: this.environment(pathspecMagic) as NodeJS.ProcessEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return new Promise((resolve, reject) => {
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.on('error', (error: NodeJS.ErrnoException) => {
        const why = error.code === 'ENOENT' ? 'git is not installed, or not on PATH' : error.message;
        reject(new ShadowGitError(`Could not run git for the workspace checkpoints: ${why}`, { cause: error }));
      });
      child.on('close', (code) => {
        if (code === 0) resolve(Buffer.concat(out));
        else reject(new ShadowGitError(`git ${args[0]} failed (${code}): ${Buffer.concat(err).toString('utf8').trim()}`));
      });
      // git may exit (and close its input) before reading it all; its exit code says what went wrong.
      child.stdin.on('error', () => undefined);
      child.stdin.end(input ?? '');
    });
  }
}
