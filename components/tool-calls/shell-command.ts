import type { ToolCallEntry } from '../../lib/protocol/thread-model';

/**
 * The command line of a call that runs one (Baton's shell_command, an ECA or ACP agent's shell
 * tool): its output then reads as a terminal's. Known by a string `command` argument, which is how
 * these tools take it.
 */
export function shellCommandOf(entry: ToolCallEntry): string | undefined {
  const command = entry.arguments?.command;
  if (typeof command === 'string') return command;
  if (Array.isArray(command) && command.every((part) => typeof part === 'string')) return command.join(' ');
  return undefined;
}
