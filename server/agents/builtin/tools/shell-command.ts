/**
 * `shell_command`: runs a command line in the workspace root after the user approves it, showing
 * its output on the tool card while it runs (shell-process.ts does the running and stopping).
 */
import { z } from 'zod';
import { withoutRelaySecrets } from '../../../process/relay-secrets';
import { defineTool } from './builtin-tool';
import { runShellCommand, type ShellCommandResult } from './shell-process';

export const DEFAULT_TIMEOUT_SECONDS = 60;
export const MAX_TIMEOUT_SECONDS = 600;

/** The command failed (non-zero exit, timeout); its message is what the model is told. */
export class ShellCommandFailure extends Error {
  override readonly name = 'ShellCommandFailure';
  readonly code = 'command-failed';
}

export const shellCommandTool = defineTool({
  name: 'shell_command',
  description: [
    'Run a command line with /bin/sh -c in the workspace root, and return its output (stdout and stderr together) and exit code.',
    'The user must approve the exact command.',
    'The environment holds only PATH, HOME and LANG; there is no input (stdin is empty), so use non-interactive flags.',
    `It is stopped after timeout_seconds (default ${DEFAULT_TIMEOUT_SECONDS}, at most ${MAX_TIMEOUT_SECONDS}), and whatever it leaves running in the background is stopped when it ends.`,
    'Long output is shortened to its beginning and end.',
  ].join(' '),
  inputSchema: z.object({
    command: z.string().min(1).describe('The command line, for example "npm test" or "git status --short".'),
    timeout_seconds: z
      .number()
      .int()
      .min(1)
      .max(MAX_TIMEOUT_SECONDS)
      .optional()
      .describe(`Seconds before the command is stopped; ${DEFAULT_TIMEOUT_SECONDS} when omitted.`),
  }),
  readOnly: false,
  async prepare({ command, timeout_seconds: timeoutSeconds = DEFAULT_TIMEOUT_SECONDS }, { workspace, shellEnvironment }) {
    const cwd = await workspace.resolve('.');
    return {
      summary: `Running ${oneLine(command)}`,
      async execute({ signal, reportOutput }) {
        const result = await runShellCommand({
          command,
          cwd,
          env: shellEnvironment,
          timeoutMs: timeoutSeconds * 1000,
          signal,
          onOutput: reportOutput,
        });
        const text = describeResult(result, timeoutSeconds);
        if (result.ending !== 'exited' || result.exitCode !== 0) throw new ShellCommandFailure(text);
        return text;
      },
    };
  },
});

/** The output, then one line saying how the command ended. */
export function describeResult(result: ShellCommandResult, timeoutSeconds: number): string {
  const ending = {
    exited:
      result.exitCode === null
        ? `Killed by ${result.exitSignal ?? 'a signal'}.`
        : `Exit code ${result.exitCode}.`,
    'timed-out': `Timed out after ${timeoutSeconds} s; the command and everything it started were stopped.`,
    stopped: 'Stopped by the user.',
  }[result.ending];
  const output = result.output === '' ? '(no output)\n' : result.output.endsWith('\n') ? result.output : `${result.output}\n`;
  return `${output}\n${ending}`;
}

/** A one-line summary for the card: the first line, shortened, with "…" when anything is left out. */
function oneLine(command: string): string {
  const [first = '', ...rest] = command.trim().split('\n');
  return first.length <= 80 && rest.length === 0 ? first : `${first.slice(0, 79).trimEnd()}…`;
}

/** The variables a command gets from the relay's environment: no API keys or tokens. */
export const SHELL_ENVIRONMENT_VARIABLES = ['PATH', 'HOME', 'LANG'] as const;

export function pickShellEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of SHELL_ENVIRONMENT_VARIABLES) {
    const value = env[name];
    if (value !== undefined) picked[name] = value;
  }
  return withoutRelaySecrets(picked);
}
