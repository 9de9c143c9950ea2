/**
 * `shell_command`: runs a command line in the workspace root after the user approves it, showing
 * its output on the tool card while it runs (shell-process.ts does the running and stopping).
 */
import { z } from 'zod';
import type { ToolCallBoundary } from '../../../../lib/protocol/thread-review';
import { defineTool } from './builtin-tool';
import { runShellCommand, type ShellCommandResult } from '../../../process/shell-process';

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
    'The environment holds only PATH, HOME, LANG and a few such variables; there is no input (stdin is empty), so use non-interactive flags.',
    'It may run in a sandbox (the result says so): then it can write only inside the workspace and /tmp (its own, emptied after), may not reach the network, and does not see the keys and logins in the home folder.',
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
  async prepare(
    { command, timeout_seconds: timeoutSeconds = DEFAULT_TIMEOUT_SECONDS },
    { workspace, shellEnvironment, commandSandbox, sandboxChoice },
  ) {
    const cwd = await workspace.resolve('.');
    const choice = sandboxChoice ?? commandSandbox.defaults();
    return {
      summary: `Running ${oneLine(command)}`,
      // Known before the call is approved, so the card that asks says which boundary it will run in.
      boundary: commandSandbox.boundary(choice),
      async execute({ signal, reportOutput }) {
        // What to hide is looked up now, after the approval, not when the card was first shown.
        const sandbox = await commandSandbox.plan(choice);
        const result = await runShellCommand({
          command,
          cwd,
          env: shellEnvironment,
          timeoutMs: timeoutSeconds * 1000,
          signal,
          onOutput: reportOutput,
          wrap: sandbox.wrap,
        });
        const text = describeResult(result, timeoutSeconds) + boundaryNote(sandbox.boundary);
        if (result.ending !== 'exited' || result.exitCode !== 0) throw new ShellCommandFailure(text);
        return text;
      },
    };
  },
});

/** The output, then one line saying how the command ended. */
export function describeResult(result: ShellCommandResult, timeoutSeconds: number): string {
  const ending = {
    exited: result.exitCode === null ? `Killed by ${result.exitSignal ?? 'a signal'}.` : `Exit code ${result.exitCode}.`,
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

/** Told to the model after a sandboxed command, so that a write refused outside the workspace or a failed fetch makes sense. */
export function boundaryNote(boundary: ToolCallBoundary): string {
  if (!boundary.sandboxed) return '';
  const network = boundary.network ? 'the network was reachable' : 'the network was off';
  return `\nRan in the sandbox: only the workspace and /tmp were writable, ${network}.`;
}
