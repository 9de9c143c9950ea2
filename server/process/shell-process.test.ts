import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isProcessAlive, waitUntilGone } from './testing/process-support';
import { runShellCommand, type ShellCommandOptions, ShellProcessError } from './shell-process';

let ws: { root: string };

beforeEach(async () => {
  ws = { root: await realpath(await mkdtemp(path.join(tmpdir(), 'baton-shell-'))) };
});

afterEach(() => rm(ws.root, { recursive: true, force: true }));

function run(command: string, options: Partial<ShellCommandOptions> = {}) {
  const chunks: string[] = [];
  const result = runShellCommand({
    command,
    cwd: ws.root,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    timeoutMs: 30_000,
    signal: new AbortController().signal,
    ...options,
    onOutput: (chunk) => {
      chunks.push(chunk);
      options.onOutput?.(chunk);
    },
  });
  return { chunks, result };
}

describe('runShellCommand', () => {
  it('runs the line with /bin/sh in the given folder, reporting output and exit code', async () => {
    const { chunks, result } = run('pwd; echo "to stderr" >&2; exit 3');
    expect(await result).toMatchObject({ ending: 'exited', exitCode: 3, exitSignal: null });
    const output = (await result).output;
    expect(output).toContain(`${ws.root}\n`);
    expect(output).toContain('to stderr\n');
    expect(chunks.join('')).toBe(output);
  });

  it('passes only the environment it is given', async () => {
    const { result } = run('echo "key=${ANTHROPIC_API_KEY:-none} home=${HOME:-none} path=${PATH:+set}"', {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nowhere' },
    });
    expect((await result).output).toBe('key=none home=/nowhere path=set\n');
  });

  it('gives the command no input', async () => {
    const { result } = run('cat; echo "read to the end"');
    expect(await result).toMatchObject({ exitCode: 0, output: 'read to the end\n' });
  });

  it('stops the whole process group on timeout', async () => {
    const { result, chunks } = run('sleep 30 & echo $!; wait', { timeoutMs: 300 });
    const outcome = await result;
    expect(outcome).toMatchObject({ ending: 'timed-out', exitCode: null, exitSignal: 'SIGTERM' });
    expect(await waitUntilGone(Number.parseInt(chunks.join(''), 10))).toBe(true);
  });

  it('kills with SIGKILL what ignores SIGTERM, after the grace period', async () => {
    const { result } = run("trap '' TERM; sleep 30", { timeoutMs: 200, killGraceMs: 200 });
    expect(await result).toMatchObject({ ending: 'timed-out', exitSignal: 'SIGKILL' });
  });

  it('stops the whole process group on Stop', async () => {
    const controller = new AbortController();
    let sleeper = 0;
    const { result } = run('sleep 30 & echo $!; wait', {
      signal: controller.signal,
      onOutput: (chunk) => {
        sleeper = Number.parseInt(chunk, 10);
        controller.abort();
      },
    });
    expect(await result).toMatchObject({ ending: 'stopped', exitCode: null });
    expect(await waitUntilGone(sleeper)).toBe(true);
  });

  it('stops what the command leaves running in the background when it ends', async () => {
    const { result } = run('sleep 30 > /dev/null 2>&1 & echo $!');
    const outcome = await result;
    expect(outcome).toMatchObject({ ending: 'exited', exitCode: 0 });
    const sleeper = Number.parseInt(outcome.output, 10);
    expect(await waitUntilGone(sleeper)).toBe(true);
  });

  it('does not start when already stopped', async () => {
    const controller = new AbortController();
    controller.abort();
    const { result, chunks } = run('echo never', { signal: controller.signal });
    expect(await result).toEqual({ ending: 'stopped', exitCode: null, exitSignal: null, output: '' });
    expect(chunks).toEqual([]);
  });

  it('caps the output it returns, keeping the end', async () => {
    const { result } = run('i=0; while [ $i -lt 2000 ]; do echo "line $i"; i=$((i+1)); done', { maxOutputCharacters: 400 });
    const { output } = await result;
    expect(output).toMatch(/^line 0\nline 1\n/);
    expect(output).toMatch(/\[… \d+ characters of output left out …\]\n/);
    expect(output.endsWith('line 1999\n')).toBe(true);
    expect(output.length).toBeLessThan(500);
  });

  it('rejects with a clear error when the command cannot start', async () => {
    const { result } = run('true', { cwd: `${ws.root}/missing` });
    await expect(result).rejects.toBeInstanceOf(ShellProcessError);
    await expect(result).rejects.toThrow(/^Could not run the command: /);
  });

  it('has a working liveness check for its own tests', async () => {
    expect(await isProcessAlive(process.pid)).toBe(true);
  });
});
