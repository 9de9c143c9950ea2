import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pickCommandEnvironment } from '../../../process/command-environment';
import { describeResult, shellCommandTool } from './shell-command';
import { callTool, createTestWorkspace, type TestWorkspace } from './testing/tool-support';

let ws: TestWorkspace;

beforeEach(async () => {
  ws = await createTestWorkspace('baton-shell-tool-');
});

afterEach(() => ws.remove());

describe('shell_command', () => {
  it('runs in the workspace root and reports the exit code', async () => {
    const { prepared, text, failed, streamed } = await callTool(shellCommandTool, { command: 'pwd' }, ws.context);
    expect(prepared.summary).toBe('Running pwd');
    expect(failed).toBe(false);
    expect(text).toBe(`${ws.root}\n\nExit code 0.`);
    expect(streamed.join('')).toBe(`${ws.root}\n`);
  });

  it('reports a non-zero exit as a failed call, with the output', async () => {
    const result = await callTool(shellCommandTool, { command: 'echo broken >&2; exit 2' }, ws.context);
    expect(result).toMatchObject({ failed: true, text: 'broken\n\nExit code 2.' });
  });

  it('keeps the relay secrets out of the environment', async () => {
    const context = {
      ...ws.context,
      shellEnvironment: pickCommandEnvironment({
        PATH: process.env.PATH,
        HOME: '/test-home',
        LANG: 'C.UTF-8',
        ANTHROPIC_API_KEY: 'sk-not-for-commands',
        BATON_TOKEN: 'not-for-commands-either',
      }),
    };
    const { text } = await callTool(shellCommandTool, { command: 'env | sort' }, context);
    expect(text).not.toContain('not-for-commands');
    expect(text).toContain('HOME=/test-home\n');
    expect(text).toContain('LANG=C.UTF-8\n');
  });

  it('stops a command that outlives its timeout', async () => {
    const result = await callTool(shellCommandTool, { command: 'echo started; sleep 30', timeout_seconds: 1 }, ws.context);
    expect(result).toMatchObject({
      failed: true,
      text: 'started\n\nTimed out after 1 s; the command and everything it started were stopped.',
    });
  });

  it('refuses timeouts beyond the maximum', async () => {
    await expect(callTool(shellCommandTool, { command: 'true', timeout_seconds: 601 }, ws.context)).rejects.toThrow(
      /^Invalid input for shell_command: timeout_seconds: /,
    );
  });

  it('summarizes long and multi-line commands on one line', async () => {
    const prepared = await shellCommandTool.prepare({ command: `echo ${'x'.repeat(100)}\necho two` }, ws.context);
    expect(prepared.summary).toBe(`Running echo ${'x'.repeat(74)}…`);
    expect((await shellCommandTool.prepare({ command: 'make\nmake test' }, ws.context)).summary).toBe('Running make…');
  });
});

describe('describeResult', () => {
  it('says how the command ended after its output', () => {
    expect(describeResult({ ending: 'exited', exitCode: 0, exitSignal: null, output: '' }, 60)).toBe('(no output)\n\nExit code 0.');
    expect(describeResult({ ending: 'exited', exitCode: null, exitSignal: 'SIGSEGV', output: 'x' }, 60)).toBe('x\n\nKilled by SIGSEGV.');
    expect(describeResult({ ending: 'stopped', exitCode: null, exitSignal: 'SIGTERM', output: 'y\n' }, 60)).toBe(
      'y\n\nStopped by the user.',
    );
  });
});
