/**
 * Test support for the sandbox: a workspace with Baton's data folder inside it (the default
 * `<workspace>/.baton`), a home folder with a key, a cloud login and a netrc beside an ordinary
 * file, and a way to run one command line the way the built-in agent's shell tool does.
 *
 * The home folder is made under /var/tmp, not /tmp: every sandboxed command gets a /tmp of its
 * own, which would hide a home under /tmp whatever the hiding rules say.
 */
import { chown, mkdir, mkdtemp, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runShellCommand } from '../shell-process';
import type { ToolCallBoundary } from '../../../lib/protocol/thread-review';
import type { CommandSandbox, SandboxChoice } from '../command-sandbox';
import { pickCommandEnvironment } from '../command-environment';

export const SECRETS = {
  key: 'PRIVATE KEY of the test',
  aws: 'aws_secret_access_key = test-secret',
  netrc: 'machine example.org password netrc-secret',
  config: '{"note":"Baton config of the test"}',
} as const;
export const ORDINARY_HOME_FILE = 'notes.txt';
export const ORDINARY_HOME_TEXT = 'an ordinary file in the home folder';

export interface SandboxPlace {
  base: string;
  workspaceRoot: string;
  dataDir: string;
  home: string;
  /** Gives every file to this user (the non-root test runs as it). */
  chownTo(uid: number, gid: number): Promise<void>;
  remove(): Promise<void>;
}

export async function createSandboxPlace(options: { workspaceUnder?: (home: string) => string } = {}): Promise<SandboxPlace> {
  const base = await realpath(await mkdtemp(path.join(tmpdir(), 'baton-sandbox-')));
  const home = await realpath(await mkdtemp('/var/tmp/baton-sandbox-home-'));
  const workspaceRoot = options.workspaceUnder ? options.workspaceUnder(home) : path.join(base, 'ws');
  const dataDir = path.join(workspaceRoot, '.baton');
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, 'config.json'), SECRETS.config);
  await mkdir(path.join(home, '.ssh'), { recursive: true });
  await writeFile(path.join(home, '.ssh', 'id_ed25519'), SECRETS.key);
  await mkdir(path.join(home, '.aws'), { recursive: true });
  await writeFile(path.join(home, '.aws', 'credentials'), SECRETS.aws);
  await writeFile(path.join(home, '.netrc'), SECRETS.netrc);
  await writeFile(path.join(home, ORDINARY_HOME_FILE), ORDINARY_HOME_TEXT);
  return {
    base,
    workspaceRoot,
    dataDir,
    home,
    async chownTo(uid, gid) {
      for (const root of [base, home]) await chownTree(root, uid, gid);
    },
    async remove() {
      await rm(base, { recursive: true, force: true });
      await rm(home, { recursive: true, force: true });
    },
  };
}

async function chownTree(root: string, uid: number, gid: number): Promise<void> {
  await chown(root, uid, gid);
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    await chown(path.join(entry.parentPath, entry.name), uid, gid);
  }
}

export interface SandboxRun {
  boundary: ToolCallBoundary;
  output: string;
  exitCode: number | null;
}

/** Runs `command` with /bin/sh -c in the workspace, as shell_command does, with an environment full of the relay's secrets to leave out. */
export async function runInSandbox(
  sandbox: CommandSandbox,
  command: string,
  { cwd, home, choice }: { cwd: string; home: string; choice?: SandboxChoice },
): Promise<SandboxRun> {
  const plan = await sandbox.plan(choice);
  const relayEnv = {
    PATH: process.env.PATH,
    HOME: home,
    LANG: 'C.UTF-8',
    BATON_TOKEN: 'relay-token-not-for-commands',
    ANTHROPIC_API_KEY: 'sk-not-for-commands',
  };
  const result = await runShellCommand({
    command,
    cwd,
    env: pickCommandEnvironment(relayEnv),
    timeoutMs: 30_000,
    signal: new AbortController().signal,
    onOutput: () => undefined,
    wrap: plan.wrap,
  });
  return { boundary: plan.boundary, output: result.output, exitCode: result.exitCode };
}
