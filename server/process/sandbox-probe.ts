/**
 * Whether bubblewrap can sandbox commands on this machine, found once at start by really running
 * it with the flags every command gets (sandbox-command.ts) around `true`. A bwrap that is
 * installed but cannot make namespaces (user namespaces turned off for non-root users, a
 * container without the privilege) then says so once, in its own words, instead of failing every
 * command an agent runs.
 */
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { type SandboxLayout, sandboxedSpawn } from './sandbox-command';

export type SandboxAvailability = { available: true; bwrapPath: string } | { available: false; reason: string };

export const BUBBLEWRAP_MISSING = 'bubblewrap missing';
/** How long the probe waits for `bwrap … true` to end. */
export const PROBE_TIMEOUT_MS = 10_000;
/** The reason quotes this much of what bwrap said, at most. */
const MAX_REASON_CHARACTERS = 200;

export interface ProbeOptions {
  /** The relay's environment: BATON_BWRAP_PATH names the program, else `bwrap` on its PATH. */
  env: Readonly<Record<string, string | undefined>>;
  /** The layout commands will get, less the program (found here). */
  layout: Omit<SandboxLayout, 'bwrapPath'>;
  platform?: NodeJS.Platform;
  timeoutMs?: number;
}

export async function probeSandbox({
  env,
  layout,
  platform = process.platform,
  timeoutMs = PROBE_TIMEOUT_MS,
}: ProbeOptions): Promise<SandboxAvailability> {
  if (platform !== 'linux') return { available: false, reason: `no sandbox on ${platformName(platform)}` };
  const bwrapPath = await findBubblewrap(env);
  if (bwrapPath === undefined) return { available: false, reason: BUBBLEWRAP_MISSING };
  const probe = sandboxedSpawn(
    { command: 'true', args: [], cwd: layout.workspaceRoot, env: { PATH: env.PATH ?? '/usr/bin:/bin' } },
    { ...layout, bwrapPath },
  );
  const failure = await runProbe(probe.command, probe.args, probe.env, timeoutMs);
  return failure === undefined ? { available: true, bwrapPath } : { available: false, reason: `bubblewrap cannot start here (${failure})` };
}

/** An executable file: BATON_BWRAP_PATH when set (even if it is not there: then bubblewrap is missing), else `bwrap` on PATH. */
async function findBubblewrap(env: Readonly<Record<string, string | undefined>>): Promise<string | undefined> {
  const named = env.BATON_BWRAP_PATH?.trim();
  const candidates = named
    ? [path.resolve(named)]
    : (env.PATH ?? '')
        .split(path.delimiter)
        .filter(path.isAbsolute)
        .map((folder) => path.join(folder, 'bwrap'));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not there, or not executable by this user: the next folder on PATH, or none.
    }
  }
  return undefined;
}

/** Undefined when bwrap ran `true` and exited 0; otherwise why not, in bwrap's words. */
function runProbe(
  command: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  timeoutMs: number,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(command, [...args], { env: { ...env } as NodeJS.ProcessEnv, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < MAX_REASON_CHARACTERS * 4) stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(`no answer within ${Math.round(timeoutMs / 1000)} s`);
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve(error.message);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(undefined);
      const said = stderr.trim().split('\n')[0]?.trim() ?? '';
      const text = said || (signal ? `killed by ${signal}` : `exit code ${code}`);
      resolve(text.length > MAX_REASON_CHARACTERS ? `${text.slice(0, MAX_REASON_CHARACTERS - 1)}…` : text);
    });
  });
}

function platformName(platform: NodeJS.Platform): string {
  return ({ darwin: 'macOS', win32: 'Windows' } as Partial<Record<NodeJS.Platform, string>>)[platform] ?? platform;
}
